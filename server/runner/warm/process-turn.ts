import { randomUUID } from "node:crypto";
import { nowMs } from "@/lib/executions/timings";
import type { AgentExit } from "@/server/runner/agent-io/agent-process";

// One message written to a warm-capable process (warm-process.ts) and the
// turn the agent makes of it: its lines, its stderr, its end. Lines wait for
// their handler (nothing is dropped); the process says when the turn ended.

/** How a turn on the process ended: the process's exit, or its result line ({ ok, exitCode 0 }) with the process still alive. */
export type TurnEnd = AgentExit;

export class ProcessTurn {
  readonly uuid = randomUUID();
  /** When its message was written (epoch ms), and when its first line came. */
  writtenAt = 0;
  firstLineAt: number | undefined;
  /** Its own init line came: the agent started it as a turn of the session. */
  announced = false;
  /** The agent reports this message's lifecycle (started … completed): its "completed" ends the turn, not its result. */
  lifecycle = false;
  /** The execution whose message this is. */
  executionId: string | null = null;
  /** It was written while another turn ran or waited (a follow-up sent early: steering). */
  sentWhileBusy = false;
  /** The agent took the message into the turn running before it (steering): this turn ends with that one. */
  steeredInto: ProcessTurn | null = null;
  /** Cancel came before the agent started on it: interrupt it the moment it starts as a turn of its own. */
  cancelOnStart = false;
  /** Its share of the process's running cost total, once its result came. */
  costUsd: number | null = null;
  private handler: ((line: string, truncated: boolean) => void | Promise<void>) | null = null;
  private stderrHandler: ((text: string) => void) | null = null;
  private stderrBuffer = "";
  private waiting: (() => void)[] = [];
  private resolveEnd!: (end: TurnEnd) => void;
  private ended: TurnEnd | null = null;
  readonly end = new Promise<TurnEnd>((resolve) => (this.resolveEnd = resolve));
  private resolveStarted!: () => void;
  /** Its first line came, or it ended without one. */
  readonly started = new Promise<void>((resolve) => (this.resolveStarted = resolve));

  get hasEnded(): boolean {
    return this.ended !== null;
  }

  onStdoutLine(handler: (line: string, truncated: boolean) => void | Promise<void>): void {
    this.handler = handler;
    for (const wake of this.waiting.splice(0)) wake();
  }

  onStderr(handler: (text: string) => void): void {
    this.stderrHandler = handler;
    if (this.stderrBuffer) handler(this.stderrBuffer);
    this.stderrBuffer = "";
  }

  /** Hands a line over; until a handler is there the process's stdout waits (nothing is dropped). */
  deliver(line: string, truncated: boolean): void | Promise<void> {
    if (this.firstLineAt === undefined) {
      this.firstLineAt = nowMs();
      this.resolveStarted();
    }
    if (this.handler) return this.handler(line, truncated);
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() => this.handler!(line, truncated));
  }

  /** The agent started on it (folded into another turn: it prints no line of its own). */
  markStarted(): void {
    this.firstLineAt ??= nowMs();
    this.resolveStarted();
  }

  deliverStderr(text: string): void {
    if (this.stderrHandler) this.stderrHandler(text);
    else this.stderrBuffer = (this.stderrBuffer + text).slice(-8_000);
  }

  finish(end: TurnEnd): void {
    if (this.ended) return;
    this.ended = end;
    this.resolveStarted();
    this.resolveEnd(end);
  }
}
