import { prisma } from "@/server/db";
import { rerouteRunnerJobs } from "@/server/queue/reroute-runner-jobs";

// Drain (issue 24): a person retires a machine with nothing lost. Asked
// through the web app (server/runners/drain-runner.ts sets draining_at and
// announces it; the heartbeat re-reads the row in case the NOTIFY was
// missed), the runner takes no new turn, lets the turns it runs finish,
// releases its warm sessions (each ends cleanly, so its session stays
// resumable) and hands every job queued for it to the other runners, then
// records drained_at. The process stays up, idle (npm start supervises it),
// until someone stops it; a new boot takes turns again.

export type DrainState = "active" | "draining" | "drained";

export type DrainDeps = {
  runnerId: string;
  log: (line: string) => void;
  /** Turns this process runs now (for the log). */
  running: () => number;
  /** Stops the workers taking jobs; resolves once the jobs they run ended (the same promise stop() waits for). */
  stopWorkers: () => Promise<unknown>;
  /** Closes every warm process and takes no early turn any more. */
  releaseWarm: () => Promise<void>;
};

export class RunnerDrain {
  private current: DrainState = "active";
  private done: Promise<void> | null = null;
  /** The runner is stopping: a drain under way writes nothing more (its database connections are being closed). */
  private stopped = false;

  constructor(private readonly deps: DrainDeps) {}

  get state(): DrainState {
    return this.current;
  }

  /** False once a drain began: nothing new starts here (an early warm turn included). */
  get taking(): boolean {
    return this.current === "active";
  }

  /** A NOTIFY named this runner: a hint, so the row decides (a drain is never undone by a message). */
  async heard(): Promise<void> {
    const row = await prisma.runner.findUnique({ where: { id: this.deps.runnerId }, select: { drainingAt: true } });
    if (row?.drainingAt) void this.begin();
  }

  /** Every heartbeat: the row's draining_at starts a drain whose NOTIFY was missed; once draining, jobs queued here since move on. */
  async heartbeat(drainingAt: Date | null): Promise<void> {
    if (drainingAt && this.current === "active") void this.begin();
    // A Continue of a session whose last turn ran here may still be routed here: it is handed on within a heartbeat,
    // not after this runner's own turns end.
    else if (this.current !== "active") await this.handOn();
  }

  /** stop() began: the drain ends where it is (the stop finishes the turns' and warm sessions' shutdown itself). */
  stop(): void {
    this.stopped = true;
  }

  /** Idempotent: every caller waits for the one drain. */
  begin(): Promise<void> {
    this.done ??= this.drain().catch((error) => this.deps.log(`drain of runner ${this.deps.runnerId} failed: ${(error as Error).message}`));
    return this.done;
  }

  private async drain(): Promise<void> {
    const { runnerId, log } = this.deps;
    this.current = "draining";
    log(`runner ${runnerId} draining: it takes no new turn; ${this.deps.running()} running turn(s) finish here, then its warm sessions are released`);
    const workersDown = this.deps.stopWorkers();
    // At once, so the other runners start them while this one finishes its turns (each keeps its session's queue and order).
    await this.handOn();
    await workersDown;
    if (this.stopped) return;
    await this.deps.releaseWarm();
    if (this.stopped) return;
    // Jobs routed here while the turns ran.
    await this.handOn();
    await prisma.runner.updateMany({ where: { id: runnerId, drainingAt: { not: null }, drainedAt: null }, data: { drainedAt: new Date(), warmSessions: 0 } });
    this.current = "drained";
    log(`runner ${runnerId} drained: no running turn, no warm session, its queued jobs handed to the other runners; it stays up, idle, until stopped`);
  }

  private async handOn(): Promise<void> {
    const moved = await rerouteRunnerJobs(prisma, this.deps.runnerId);
    if (moved.length) this.deps.log(`runner ${this.deps.runnerId}: ${moved.length} job(s) queued for it handed to any runner (${moved.join(", ")})`);
  }
}
