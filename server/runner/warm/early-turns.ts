import { NEW_RUN_PARENT } from "@/server/realtime/announce";
import type { Preflight } from "@/server/runner/warm/warm-guards";
import type { WarmProcess } from "@/server/runner/warm/warm-process";

// Continues of a warm session's head, started before the queue hands them
// out. Two NOTIFYs lead here (process/listen.ts): CONTINUE_ASKED_CHANNEL as the
// web app receives a Continue request, before it records the turn (the
// guards' file checks start then, while the row and job are written), and
// QUEUED_CHANNEL when the turn is committed (the run starts at once instead
// of when a worker takes its job; the job then waits for this run, adopted,
// so the session's queue stays held until it ends). A new run that claimed
// one of this runner's pre-started agents (its parent "-") starts the same
// way, while the runner has a free slot.

/** How long the guards' facts checked as a Continue was asked for stay good for it (its request normally records it within ms). */
const ASKED_FRESH_MS = 2_000;

type Lookup = {
  enabled: () => boolean;
  runnerId: string;
  /** The session's parked process, or with steering the one running the turn a follow-up continues. */
  parked: (sessionId: string) => WarmProcess | null | undefined;
  running: (sessionId: string) => WarmProcess | undefined;
  preflight: (process: WarmProcess, sessionId: string) => Preflight;
  /** The session is a pre-started agent's of this runner (prestart-pool.ts). */
  prestarted: (sessionId: string) => boolean;
};

export class EarlyTurns {
  /** Continues started as soon as they were queued, until they end. */
  private readonly runs = new Map<string, Promise<void>>();
  /** Their guards' facts, checked while they are being claimed (planWarmTurn takes them). */
  private readonly preflights = new Map<string, Preflight>();
  /** The same facts checked as the request arrived, by "<session> <source execution>", with when. */
  private readonly asked = new Map<string, { preflight: Preflight; at: number }>();

  constructor(private readonly lookup: Lookup) {}

  /** A Continue of `sourceId` was asked for, not yet recorded (payload "<runnerId> <session> <source>"). */
  continueAsked(payload: string): void {
    const [runnerId, sessionId, sourceId] = payload.split(" ");
    if (!this.lookup.enabled() || runnerId !== this.lookup.runnerId || !sessionId || !sourceId) return;
    const process = this.lookup.parked(sessionId);
    if (!process?.alive || process.headExecutionId !== sourceId) return;
    const now = Date.now();
    for (const [key, entry] of this.asked) if (now - entry.at > ASKED_FRESH_MS) this.asked.delete(key);
    this.asked.set(`${sessionId} ${sourceId}`, { preflight: this.lookup.preflight(process, sessionId), at: now });
  }

  /**
   * A turn was queued (payload "<executionId> <runnerId> <session> <parent>"): run it now when it continues a warm
   * process's last turn, or is a new run that claimed a pre-started agent here and `room` says a slot is free.
   */
  queued(payload: string, run: (executionId: string) => Promise<void>, room: () => boolean = () => true): void {
    const [executionId, runnerId, sessionId, parentId] = payload.split(" ");
    if (!this.lookup.enabled() || runnerId !== this.lookup.runnerId || !executionId || !sessionId || this.runs.has(executionId)) return;
    if (parentId === NEW_RUN_PARENT) {
      // Its agent is started already, so it takes a slot like any run: with none free, its job waits for one.
      if (this.lookup.prestarted(sessionId) && room()) this.start(executionId, run);
      return;
    }
    const parked = this.lookup.parked(sessionId);
    const process = parked ?? this.lookup.running(sessionId);
    if (!process?.alive || process.headExecutionId !== parentId) return;
    // The guards' facts, side by side with the claim (or done already): the turn must run where the process does, on its session.
    if (parked) {
      const key = `${sessionId} ${parentId}`;
      const asked = this.asked.get(key);
      this.asked.delete(key);
      const fresh = asked && Date.now() - asked.at <= ASKED_FRESH_MS ? asked.preflight : null;
      this.preflights.set(executionId, fresh ?? this.lookup.preflight(parked, sessionId));
    }
    this.start(executionId, run);
  }

  private start(executionId: string, run: (executionId: string) => Promise<void>): void {
    const running = run(executionId).finally(() => {
      this.runs.delete(executionId);
      this.preflights.delete(executionId);
    });
    this.runs.set(executionId, running);
  }

  /** The guards' facts checked early for this execution, once (undefined: none). */
  takePreflight(executionId: string): Preflight | undefined {
    const found = this.preflights.get(executionId);
    this.preflights.delete(executionId);
    return found;
  }

  /** The early run of an execution whose job a worker took after it had started (undefined: none). */
  adopted(executionId: string): Promise<void> | undefined {
    return this.runs.get(executionId);
  }

  /** Every early run, ended (they are no worker's job: the runner waits for them like for its workers' own). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.runs.values()]);
  }
}
