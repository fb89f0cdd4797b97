import type { LaunchKind } from "@/lib/executions/types";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import type { SessionOutcome } from "@/server/agents/session-tracker";
import type { Execution } from "@/server/generated/prisma/client";
import type { SpawnedAgent } from "@/server/runner/agent-io/agent-adapter";
import type { AgentExit } from "@/server/runner/agent-io/agent-process";
import type { ExitClassification } from "@/server/runner/turn/classify-exit";
import type { ProcessTurn } from "@/server/runner/warm/process-turn";
import type { WarmProcess } from "@/server/runner/warm/warm-process";

// What execute-job.ts runs a turn through: the agent as a process of its own
// (SpawnedAgent), plus what warm sessions add: how the turn reached the agent
// and the fields that go with it on the execution (finishData: its launch,
// its own share of a running cost total, the session of a steered turn), its
// launch stamps, and settle(), which keeps a warm-capable process for the
// session's next turn or closes it.

export type Launch = { kind: LaunchKind; reason: string | null };

/** What a turn's way to its agent adds to the execution's final record (over what its output says). */
export type FinishData = {
  launchKind: LaunchKind;
  launchReason: string | null;
  costUsd?: number;
  sessionId?: string;
  sessionConfirmed?: boolean;
} & Partial<Pick<ExitClassification, "status" | "errorCode" | "errorMessage">>;

/**
 * How a turn given to a warm or pre-started process was decided, the runtime that runs it and its session: stored
 * with its process record (turn/turn-records.ts). A pre-started one adds its worktree (warm/prestart-plan.ts).
 */
export type LaunchRecord = {
  /** The process's session, which it confirmed at its first turn (a live process does not change sessions). */
  sessionId: string | null;
  resumeDecision?: "resume";
  resumeReason?: string;
  resumeMessage?: null;
  runtimePath: string | null;
  runtimeVersion: string | null;
  /** The policy the turn runs under (checked to fit the process's launch). */
  permissionPolicy?: EffectivePermissions;
} & Record<string, unknown>;

export type TurnAgent = SpawnedAgent & {
  /** Read once the turn has ended (a warm turn that fell back to a spawn, or was steered, says so then). */
  readonly launch: Launch;
  /** Fields the plan did not store (a warm turn's), written with the process record in the same update. */
  readonly launchRecord?: LaunchRecord;
  /** Epoch ms: the process spawned (or the message written to it), and its first line for this turn. */
  readonly stamps: { spawnedAt?: number; firstLineAt?: number };
  /** Spread last into the execution's final update. */
  finishData(outcome: Pick<SessionOutcome, "sessionId">, ending: ExitClassification): FinishData;
  /** Once the turn is classified (and stored): keep the process warm for the session's next turn, or close it. */
  settle(ending: ExitClassification, context: { stopping: boolean }): Promise<void>;
  /** Writes to the agent's stdin between messages (an approval's answer); false when it reads none or is gone. */
  writeInput(text: string): boolean;
};

/** How a turn's process is started: the plan's argv and env, in its settled directory. */
export type ProcessOptions = { argv: string[]; env: Record<string, string | undefined>; cwd: string; baseEnv: NodeJS.ProcessEnv; stdin?: string };
export type SpawnOptions = ProcessOptions & { execution: Execution };

/** Cancel asks the agent to stop the turn (the process stays usable); a process that does not within this long is stopped. */
const INTERRUPT_GRACE_MS = 3_000;

export type WarmTurnHooks = {
  /** The process could not take the turn (it died or hung before its first line): run it some other way, or null to let it fail. */
  replace?: (why: string) => Promise<{ process: WarmProcess; turn: ProcessTurn } | null>;
  /** After the turn: keep the process for the session's next turn, or close it (a steered turn leaves that to the turn it joined). */
  settle: (process: WarmProcess, ending: ExitClassification, context: { stopping: boolean; steered: boolean }) => Promise<void>;
  /** A message written to an idle live process that prints nothing for this long is taken as hung. */
  startTimeoutMs: number;
  /** The execution that ran before it on the process (for the launch reason of a follow-up sent while it ran). */
  continues: string | null;
};

/** A turn on a warm-capable process: spawned for it ("spawn"), its next message ("warm"), or folded into its running turn ("steer"). */
export class WarmTurnAgent implements TurnAgent {
  readonly stamps: TurnAgent["stamps"];
  launchRecord?: LaunchRecord;
  private stdoutHandler: ((line: string, truncated: boolean) => void | Promise<void>) | null = null;
  private stderrHandler: ((text: string) => void) | null = null;
  private cancelled = false;
  /** How the turn a steered one joined ended. */
  private steeredEnd: AgentExit | null = null;

  constructor(
    private process: WarmProcess,
    private turn: ProcessTurn,
    public launch: Launch,
    private readonly hooks: WarmTurnHooks,
  ) {
    this.stamps = { spawnedAt: turn.writtenAt };
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  get identity() {
    return this.process.identity;
  }

  onStdoutLine(handler: (line: string, truncated: boolean) => void | Promise<void>): void {
    this.stdoutHandler = handler;
    this.turn.onStdoutLine(handler);
  }

  onStderr(handler: (text: string) => void): void {
    this.stderrHandler = handler;
    this.turn.onStderr(handler);
  }

  async wait(): Promise<AgentExit> {
    for (;;) {
      const end = await this.endOrHang();
      this.stamps.firstLineAt ??= this.turn.firstLineAt;
      const why = end === "hung" ? "did not answer" : end.ok ? `exited (${end.signal ?? `code ${end.exitCode}`})` : `failed (${end.message})`;
      const asExit: AgentExit = end === "hung" ? { ok: false, reason: "spawn_failed", message: `The session's warm agent process ${why}` } : end;
      if (this.turn.steeredInto) {
        this.steeredEnd = end === "hung" ? null : end;
        this.launch = {
          kind: "steer",
          reason: `Sent while ${this.continuing()} ran; the agent took it into that turn, which answers it${this.cancelled ? " (Cancel came after the agent had it)" : ""}`,
        };
        return asExit;
      }
      // Only a warm process that went away (or hung) before it took the message is replaced: nothing of the turn happened yet.
      const unstarted = this.turn.firstLineAt === undefined && !this.cancelled && isLiveLaunch(this.launch.kind);
      const replacement = unstarted && this.hooks.replace ? await this.hooks.replace(why) : null;
      if (!replacement) {
        if (this.turn.sentWhileBusy && this.launch.kind === "warm")
          this.launch = { kind: "warm", reason: `Sent while ${this.continuing()} ran; the agent ran it as the next turn` };
        return asExit;
      }
      this.process = replacement.process;
      this.turn = replacement.turn;
      this.launch = { kind: "spawn", reason: `The session's warm agent process ${why} before it took the message, so Arbor started the agent instead` };
      this.stamps.spawnedAt = replacement.turn.writtenAt;
      if (this.stdoutHandler) this.turn.onStdoutLine(this.stdoutHandler);
      if (this.stderrHandler) this.turn.onStderr(this.stderrHandler);
    }
  }

  async terminate(graceMs: number): Promise<void> {
    this.cancelled = true;
    if (this.turn.hasEnded) return;
    if (this.turn.firstLineAt === undefined && this.process.runningTurn !== this.turn && this.process.alive) {
      // Sent while another turn runs: it cannot be taken back. Stopped the moment it starts as a turn of its own;
      // folded into the running one, it is that turn's now.
      this.turn.cancelOnStart = true;
      return;
    }
    // Stop the turn, not the process: the agent ends it cleanly and the session stays resumable.
    if (this.process.runningTurn === this.turn && this.process.interrupt()) {
      const stopped = await Promise.race([this.turn.end.then(() => true), delay(Math.min(graceMs, INTERRUPT_GRACE_MS)).then(() => false)]);
      if (stopped) return;
    }
    await this.process.terminate(graceMs);
  }

  finishData(outcome: Pick<SessionOutcome, "sessionId">, ending: ExitClassification): FinishData {
    const data: FinishData = { launchKind: this.launch.kind, launchReason: this.launch.reason };
    // The process reports its running total; this turn's own share is what it cost.
    if (this.turn.costUsd !== null) data.costUsd = this.turn.costUsd;
    const host = this.turn.steeredInto;
    if (host) {
      // A steered turn printed nothing of its own (no result): it is in the session it was sent to, and
      // the turn it joined answered it. That turn ended with its result (not a dead process): so did this one.
      if (this.process.sessionId && !outcome.sessionId) Object.assign(data, { sessionId: this.process.sessionId, sessionConfirmed: true });
      if (this.steeredEnd?.ok && this.steeredEnd.exitCode === 0 && !this.steeredEnd.signal && ending.errorCode === "no_final_event") {
        Object.assign(data, { status: "completed", errorCode: null, errorMessage: null });
      }
    }
    return data;
  }

  settle(ending: ExitClassification, context: { stopping: boolean }): Promise<void> {
    return this.hooks.settle(this.process, ending, { ...context, steered: this.turn.steeredInto !== null });
  }

  writeInput(text: string): boolean {
    return this.process.writeInput(text);
  }

  private continuing(): string {
    return this.hooks.continues ? `the turn it continues (${this.hooks.continues})` : "the turn it continues";
  }

  /** The turn's end, or "hung" when an idle warm process prints nothing for the turn within the start timeout. */
  private async endOrHang(): Promise<AgentExit | "hung"> {
    // A message sent while another turn runs waits for that turn: no start timeout for it.
    if (!isLiveLaunch(this.launch.kind) || this.turn.sentWhileBusy) return this.turn.end;
    const timedOut = await Promise.race([this.turn.started.then(() => false), delay(this.hooks.startTimeoutMs).then(() => true)]);
    if (!timedOut || this.turn.firstLineAt !== undefined) return this.turn.end;
    await this.process.terminate(1_000);
    await this.turn.end;
    return "hung";
  }
}

/** The turn was written to a process already up (kept warm, or pre-started): it could hang or be gone before it took it. */
function isLiveLaunch(kind: LaunchKind): boolean {
  return kind === "warm" || kind === "prestarted";
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
