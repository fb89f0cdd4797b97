import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { nowMs } from "@/lib/executions/timings";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import type { StreamInputProtocol } from "@/server/agents/types";
import { spawnAgentProcess, type AgentExit, type AgentProcess } from "@/server/runner/agent-io/agent-process";
import { ProcessTurn, type TurnEnd } from "@/server/runner/warm/process-turn";
import { readProcessIdentity, type ProcessIdentity } from "@/server/runner/agent-io/process-identity";

// One agent process in streaming-input mode (AgentDefinition.streamInput):
// it takes user messages on stdin and serves them turn after turn, so a
// session's next turn can skip the CLI's start-up. Its stdout is one stream;
// this splits it into turns: a turn's lines go to that turn's handlers, and
// its result line ends it (the process lives on). A message written while a
// turn runs either is folded into that turn by the agent (it echoes the
// message back before the running turn's result: "steered") or becomes the
// next turn (echoed after it). When the process exits, every turn still
// waiting on it ends with that exit.

const ENDED_BY_RESULT: TurnEnd = { ok: true, exitCode: 0, signal: null };
/** A result that came before its turn announced the session (the CLI failed to start it): its exit follows; wait this long for it. */
const EXIT_AFTER_FAILED_START_MS = 2_000;

export type WarmProcessOptions = {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  baseEnv: Readonly<Record<string, string | undefined>>;
  protocol: StreamInputProtocol;
  /** What the process is: its agent and the cwd the execution asked for (a Continue must ask for the same). */
  agentId: string;
  requestedCwd: string;
  /** The model it was launched with (null: the CLI's default); a turn asking for another cannot use it. Absent: a one-turn process. */
  model?: string | null;
  /** The project its turns are in (undefined: not known, as for a one-turn process): a Continue's policy inputs are read for it early. */
  projectId?: string | null;
  /** The hash of the MCP token its launch was given (runner/turn/attach-mcp.ts): each turn it serves is granted it. */
  mcpTokenHash?: string | null;
  runtime: { path: string | null; version: string | null };
  /** The permission policy it was launched under: a turn under another one cannot use it (server/turns/warm-eligibility.ts permissionsMisfit). */
  permissions: EffectivePermissions | null;
  /** Lines written before its first message (an approval channel's initialize request). */
  opening?: string[];
  /**
   * Started ahead of its first message (a pre-started agent): the protocol's
   * warm-up request, its question for the session and its priming message are
   * written, their answers kept off every turn (`sessionReported` resolves
   * with the session's).
   */
  warmUp?: boolean;
  /** The binary (argv[0]) as it was when the process started: a CLI upgraded on disk since then is not this process any more. */
  binary?: { mtimeMs: number; size: number } | null;
};

export class WarmProcess {
  readonly pid: number | undefined;
  readonly identity: ProcessIdentity | null;
  readonly spawnedAt = nowMs();
  /** The agent session it holds (from its launch, then its init lines). */
  sessionId: string | null = null;
  /** The execution whose message it was sent last: only a Continue of that one is its next turn. */
  headExecutionId: string | null = null;
  private readonly child: AgentProcess;
  private current: ProcessTurn | null = null;
  private pending: ProcessTurn[] = [];
  private costSoFar = 0;
  private exitedWith: AgentExit | null = null;
  /** Requests written before any message whose answers have not come (they belong to no turn, even one sent before they came). */
  private readonly asked = new Map<string, (line: string) => void>();
  /** The priming message's uuid until the agent completed it: its lines go to no turn, and writes wait (`held`). */
  private priming: { uuid: string; lifecycle: boolean } | null = null;
  private held: string[] = [];
  /** The session the process named before its first message (warmUp), or null: not asked, not named, or it exited first. */
  readonly sessionReported: Promise<string | null>;
  readonly exit: Promise<AgentExit>;

  constructor(readonly options: WarmProcessOptions) {
    this.child = spawnAgentProcess({ argv: options.argv, cwd: options.cwd, env: options.env, baseEnv: options.baseEnv, openStdin: true });
    this.pid = this.child.pid;
    this.identity = this.pid === undefined ? null : readProcessIdentity(this.pid);
    this.child.onStdoutLine((line) => this.onLine(line.text, line.truncated));
    this.child.onStderr((text) => (this.current ?? this.pending[0])?.deliverStderr(text));
    for (const line of options.opening ?? []) this.child.write(line);
    const { protocol } = options;
    let reported: (sessionId: string | null) => void = () => {};
    this.sessionReported = new Promise((resolve) => (reported = resolve));
    if (options.warmUp && protocol.answers) {
      if (protocol.warmUp) this.ask(protocol.warmUp, () => {});
      if (protocol.askSession && protocol.sessionIn) this.ask(protocol.askSession, (line) => reported(protocol.sessionIn!(line)));
      if (protocol.prime) {
        const uuid = randomUUID();
        this.priming = { uuid, lifecycle: false };
        this.child.write(protocol.prime(uuid));
      }
    }
    if (this.asked.size === 0) reported(null);
    this.exit = this.child.wait().catch((error: unknown): AgentExit => ({ ok: false, reason: "spawn_failed", message: String(error) }));
    void this.exit.then((exit) => {
      reported(null);
      this.exitedWith = exit;
      for (const turn of [this.current, ...this.pending]) turn?.finish(exit);
      this.current = null;
      this.pending = [];
    });
  }

  get alive(): boolean {
    return this.exitedWith === null && this.pid !== undefined;
  }

  /** A turn runs, or a message waits to be taken. */
  get busy(): boolean {
    return this.current !== null || this.pending.length > 0;
  }

  /** The turn that receives output now. */
  get runningTurn(): ProcessTurn | null {
    return this.current;
  }

  /** Writes a user message: the next turn when idle; while a turn runs, the agent folds it in or runs it next. */
  send(prompt: string, executionId: string | null = null): ProcessTurn {
    const turn = new ProcessTurn();
    turn.writtenAt = nowMs();
    turn.executionId = executionId;
    turn.sentWhileBusy = this.busy;
    if (executionId) this.headExecutionId = executionId;
    if (!this.alive || !this.write(this.options.protocol.userMessage(prompt, turn.uuid))) {
      turn.finish(this.exitedWith ?? { ok: false, reason: "spawn_failed", message: "The warm agent process no longer takes input" });
      return turn;
    }
    if (this.current === null && this.pending.length === 0) this.current = turn;
    else this.pending.push(turn);
    return turn;
  }

  /** Writes a line the agent reads between messages (an approval's answer); false once it no longer takes input. */
  writeInput(text: string): boolean {
    return this.alive && this.write(text);
  }

  /** Asks the agent to stop the running turn and keep the process (its result line ends the turn). */
  interrupt(): boolean {
    if (!this.current || !this.alive) return false;
    return this.write(this.options.protocol.interrupt(randomUUID()));
  }

  /** To stdin, or, while the priming message is not completed, once it is (the agent would take a message into it). */
  private write(text: string): boolean {
    if (!this.priming) return this.child.write(text);
    this.held.push(text);
    return true;
  }

  /** The priming message's lines: kept off every turn; at its end, what was held is written. */
  private primingLine(line: string): void {
    const priming = this.priming!;
    const signal = this.options.protocol.classify(line);
    if (signal?.started === priming.uuid) priming.lifecycle = true;
    // Its completion, or (a CLI without lifecycle lines) its result.
    if (signal?.completed !== priming.uuid && !(signal?.turnEnded && !priming.lifecycle)) return;
    this.priming = null;
    const held = this.held;
    this.held = [];
    for (const text of held) this.child.write(text);
  }

  /** Resident memory of the process (bytes), or null once it is gone. */
  rssBytes(): number | null {
    if (this.pid === undefined || !this.alive) return null;
    try {
      const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${this.pid}/status`, "utf8"));
      return match ? Number(match[1]) * 1024 : null;
    } catch {
      return null;
    }
  }

  /** Closes it cleanly: end of input (the agent finishes writing its transcript and exits), then signals after `graceMs`. */
  async close(graceMs = 5_000): Promise<AgentExit> {
    this.child.endInput();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), graceMs)));
    const outcome = await Promise.race([this.exit, late]);
    clearTimeout(timer);
    return outcome === "late" ? this.child.terminate(graceMs) : outcome;
  }

  /** SIGTERM to its process group, SIGKILL after graceMs. */
  terminate(graceMs: number): Promise<AgentExit> {
    return this.child.terminate(graceMs);
  }

  /** Writes a request the process answers outside any turn; `answered` gets its answer's line. */
  private ask(request: (requestId: string) => string, answered: (line: string) => void): void {
    const requestId = randomUUID();
    this.asked.set(requestId, answered);
    this.child.write(request(requestId));
  }

  private onLine(line: string, truncated: boolean): void | Promise<void> {
    for (const [requestId, answered] of this.asked) {
      if (!this.options.protocol.answers!(line, requestId)) continue;
      this.asked.delete(requestId);
      return answered(line);
    }
    if (this.priming) return this.primingLine(line);
    const signal = this.options.protocol.classify(line);
    if (signal?.started) this.noteStarted(signal.started);
    // Without lifecycle lines (an older CLI), the next waiting message is the next turn.
    if (!this.current) this.current = this.pending.shift() ?? null;
    const turn = this.current;
    // Output while no turn waits (none is expected): nobody asked for it.
    if (!turn) return;
    if (signal?.sessionId) {
      turn.announced = true;
      this.sessionId ??= signal.sessionId;
    }
    if (signal?.turnEnded) this.noteCost(turn, signal.turnEnded.totalCostUsd);
    const ends = signal?.completed === turn.uuid || (signal?.turnEnded !== undefined && !turn.lifecycle);
    const delivered = turn.deliver(line, truncated);
    if (!ends) return delivered;
    return Promise.resolve(delivered).then(() => this.endTurn(turn));
  }

  /** The agent started on a message: the next turn, or, while another turn runs, folded into that one. */
  private noteStarted(uuid: string): void {
    if (this.current?.uuid === uuid) {
      this.current.lifecycle = true;
      return;
    }
    const index = this.pending.findIndex((turn) => turn.uuid === uuid);
    if (index < 0) return;
    const [turn] = this.pending.splice(index, 1);
    turn.lifecycle = true;
    if (this.current && !this.current.hasEnded) {
      // Folded into the running turn: that turn answers it, and it ends when that turn does.
      const host = this.current;
      turn.steeredInto = host;
      turn.markStarted();
      void host.end.then((end) => turn.finish(end));
    } else {
      this.current = turn;
      if (turn.cancelOnStart) this.interrupt();
    }
  }

  private noteCost(turn: ProcessTurn, totalCostUsd: number | null): void {
    if (totalCostUsd === null) return;
    turn.costUsd = Math.max(0, totalCostUsd - this.costSoFar);
    this.costSoFar = totalCostUsd;
  }

  private endTurn(turn: ProcessTurn): void {
    if (this.current === turn) this.current = null;
    if (turn.announced) {
      turn.finish(ENDED_BY_RESULT);
      return;
    }
    // A result without the turn's start: the CLI could not start the session and exits next. Let that exit end the
    // turn, so its stderr ("No conversation found …") is read first; end it anyway if the process stays.
    setTimeout(() => turn.finish(ENDED_BY_RESULT), EXIT_AFTER_FAILED_START_MS).unref();
  }
}
