import type { LaunchKind } from "@/lib/executions/types";
import { nowMs } from "@/lib/executions/timings";
import { spawnAgent, type SpawnedAgent } from "@/server/runner/agent-adapter";
import type { AgentExit } from "@/server/runner/agent-process";
import type { ExitClassification } from "@/server/runner/classify-exit";
import type { ProcessTurn, WarmProcess } from "@/server/runner/warm/warm-process";

// What execute-job.ts runs a turn through: the agent as a process of its own
// (SpawnedAgent), plus what warm sessions add: how the turn reached the agent,
// its launch stamps, its own share of a running cost total, and settle(),
// which keeps a warm-capable process for the session's next turn or closes it.

export type TurnAgent = SpawnedAgent & {
  /** Read once the turn has ended (a warm turn that fell back to a spawn says so). */
  readonly launch: { kind: LaunchKind; reason: string | null };
  /** Epoch ms: the process spawned (or the message written to it), and its first line for this turn. */
  readonly stamps: { spawnedAt?: number; firstLineAt?: number };
  /** The turn's own cost, where the process reports a running total across turns. */
  turnCost(reported: number | null | undefined): number | null | undefined;
  /** Once the turn is classified (and stored): keep the process warm for the session's next turn, or close it. */
  settle(ending: ExitClassification, context: { stopping: boolean }): Promise<void>;
};

/** A process of its own for one turn, as before warm sessions. */
export function spawnedTurnAgent(options: Parameters<typeof spawnAgent>[0], launchReason: string | null): TurnAgent {
  const agent = spawnAgent(options);
  const stamps: TurnAgent["stamps"] = { spawnedAt: nowMs() };
  return {
    ...agent,
    onStdoutLine: (handler) =>
      agent.onStdoutLine((line, truncated) => {
        stamps.firstLineAt ??= nowMs();
        return handler(line, truncated);
      }),
    launch: { kind: "spawn", reason: launchReason },
    stamps,
    turnCost: (reported) => reported,
    settle: async () => {},
  };
}

/** Cancel asks the agent to stop the turn (the process stays usable); a process that does not within this long is stopped. */
const INTERRUPT_GRACE_MS = 3_000;

export type WarmTurnHooks = {
  /** The process could not take the turn (it died or hung before its first line): run it some other way, or null to let it fail. */
  replace?: (why: string) => Promise<{ process: WarmProcess; turn: ProcessTurn } | null>;
  /** After the turn: keep the process for the session's next turn, or close it. */
  settle: (process: WarmProcess, ending: ExitClassification, context: { stopping: boolean }) => Promise<void>;
  /** A message written to a live process that prints nothing for this long is taken as hung. */
  startTimeoutMs: number;
};

/** A turn on a warm-capable process: spawned for it ("spawn"), or its next message ("warm"). */
export class WarmTurnAgent implements TurnAgent {
  readonly stamps: TurnAgent["stamps"];
  private stdoutHandler: ((line: string, truncated: boolean) => void | Promise<void>) | null = null;
  private stderrHandler: ((text: string) => void) | null = null;
  private cancelled = false;

  constructor(
    private process: WarmProcess,
    private turn: ProcessTurn,
    public launch: TurnAgent["launch"],
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
      // Only a warm process that went away (or hung) before it took the message is replaced: nothing of the turn happened yet.
      const unstarted = this.turn.firstLineAt === undefined && !this.cancelled && this.launch.kind === "warm";
      const replacement = unstarted && this.hooks.replace ? await this.hooks.replace(why) : null;
      if (!replacement) return asExit;
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
    // Stop the turn, not the process: the session stays warm and resumable.
    if (this.process.runningTurn === this.turn && this.process.interrupt()) {
      const stopped = await Promise.race([this.turn.end.then(() => true), delay(Math.min(graceMs, INTERRUPT_GRACE_MS)).then(() => false)]);
      if (stopped) return;
    }
    await this.process.terminate(graceMs);
  }

  turnCost(reported: number | null | undefined): number | null | undefined {
    return this.turn.costUsd ?? reported;
  }

  settle(ending: ExitClassification, context: { stopping: boolean }): Promise<void> {
    return this.hooks.settle(this.process, ending, context);
  }

  /** The turn's end, or "hung" when a warm process prints nothing for the turn within the start timeout. */
  private async endOrHang(): Promise<AgentExit | "hung"> {
    if (this.launch.kind !== "warm") return this.turn.end;
    const timedOut = await Promise.race([this.turn.started.then(() => false), delay(this.hooks.startTimeoutMs).then(() => true)]);
    if (!timedOut || this.turn.firstLineAt !== undefined) return this.turn.end;
    await this.process.terminate(1_000);
    await this.turn.end;
    return "hung";
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
