import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { StringDecoder } from "node:string_decoder";
import type { ExecutionErrorCode } from "@/lib/executions/types";
import { LineSplitter, type SplitLine } from "@/server/agents/line-splitter";
import { inheritedEnv } from "@/server/config/load-config";
import { OutputPump } from "@/server/runner/agent-io/output-pump";

// Runs one agent CLI as a child process and hands its output over as it comes:
// stdout as complete lines, stderr as text. The child leads its own process
// group (detached), so terminate() can stop it together with everything it
// started (shells, test runners, …). Runs are non-interactive: stdin is
// closed, or carries the plan's text and is then closed (opencode's prompt).
//
// Backpressure: the child's pipes are only read while the consumer keeps up.
// pause() stops reading (the OS pipe fills and the child blocks on write),
// and a handler that returns a promise pauses reading until it settles.
//
// Expected failures (binary or cwd missing, spawn refused) resolve wait()
// with ok: false; nothing is thrown for them.

/** Why a process could not start: members of EXECUTION_ERROR_CODES (lib/executions/types.ts). */
export type SpawnFailureCode = Extract<ExecutionErrorCode, "agent_not_found" | "cwd_not_found" | "spawn_failed">;

export type AgentExit = { ok: true; exitCode: number | null; signal: NodeJS.Signals | null } | { ok: false; reason: SpawnFailureCode; message: string };

export interface AgentProcessOptions {
  /** argv[0] is the program; every argument is passed as is (no shell). */
  argv: readonly string[];
  cwd: string;
  /** Added to (string) or removed from (undefined) the inherited environment. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The environment to inherit; defaults to this process's. */
  baseEnv?: Readonly<Record<string, string | undefined>>;
  /** Written to the child's stdin, which is then closed (LaunchPlan.stdin); absent: stdin is closed from the start. */
  stdin?: string;
  /** Keep stdin open for write()/endInput() (a process that takes user messages on stdin: server/runner/warm/). */
  openStdin?: boolean;
  maxLineBytes?: number;
  /**
   * When the main process exits, stop whatever it left running in its group
   * (default true): a finished run must not leave processes behind, and
   * leftovers holding stdout open would keep the run from ever ending.
   */
  reapGroupOnExit?: boolean;
}

export interface AgentProcess {
  /** Undefined when the process could not be started. */
  readonly pid: number | undefined;
  /** Register before the output matters: lines wait (unread) until a handler exists. */
  onStdoutLine(handler: (line: SplitLine) => void | Promise<void>): void;
  onStderr(handler: (text: string) => void | Promise<void>): void;
  pause(): void;
  resume(): void;
  /** Resolves once the process has exited and every line was handed over. */
  wait(): Promise<AgentExit>;
  /** SIGTERM to the whole group, SIGKILL after graceMs if it is still there. */
  terminate(graceMs?: number): Promise<AgentExit>;
  /** Writes to stdin (openStdin); false when it is closed or gone. */
  write(text: string): boolean;
  /** Closes stdin (openStdin): a CLI reading messages from it takes that as the end. */
  endInput(): void;
}

export const DEFAULT_TERMINATE_GRACE_MS = 5_000;
/** After the main process exits, time its leftovers get between SIGTERM and SIGKILL. */
const REAP_GRACE_MS = 1_000;

export function mergeEnv(
  base: Readonly<Record<string, string | undefined>>,
  overrides: Readonly<Record<string, string | undefined>> = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) if (value !== undefined && !key.startsWith("ARBOR_GITHUB_")) env[key] = value; // the GitHub token and webhook secret are Arbor's, never an agent's
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

export function spawnAgentProcess(options: AgentProcessOptions): AgentProcess {
  let child: ChildProcess;
  try {
    child = spawn(options.argv[0] ?? "", options.argv.slice(1), {
      cwd: options.cwd,
      // The merged env is complete; ProcessEnv's declared keys (NODE_ENV) need not be there.
      env: mergeEnv(options.baseEnv ?? inheritedEnv(), options.env) as NodeJS.ProcessEnv,
      detached: true,
      stdio: [options.stdin === undefined && !options.openStdin ? "ignore" : "pipe", "pipe", "pipe"],
      windowsHide: true,
    });
    // A child that exits without reading gives EPIPE: its exit says what happened.
    child.stdin?.on("error", () => {});
    if (options.stdin !== undefined && child.stdin && !options.openStdin) child.stdin.end(options.stdin);
  } catch (error) {
    // Invalid arguments (e.g. a NUL byte) are refused synchronously.
    return failedProcess({ ok: false, reason: "spawn_failed", message: (error as Error).message });
  }
  return new RunningAgentProcess(child, options);
}

class RunningAgentProcess implements AgentProcess {
  private readonly stdout: OutputPump<SplitLine>;
  private readonly stderr: OutputPump<string>;
  private exited: AgentExit | null = null;
  /** The process ended (or never started). */
  private readonly exitSeen: Promise<AgentExit>;
  /** …and all its output was handed over. */
  private readonly finished: Promise<AgentExit>;
  private handlerError: unknown = null;

  constructor(
    private readonly child: ChildProcess,
    private readonly options: AgentProcessOptions,
  ) {
    const splitter = new LineSplitter({ maxLineBytes: options.maxLineBytes });
    const decoder = new StringDecoder("utf8");
    const onHandlerError = (error: unknown) => {
      this.handlerError ??= error;
    };
    this.stdout = new OutputPump(
      child.stdout!,
      (chunk) => splitter.push(chunk),
      () => splitter.end(),
      onHandlerError,
    );
    this.stderr = new OutputPump(
      child.stderr!,
      (chunk) => nonEmpty(decoder.write(chunk)),
      () => nonEmpty(decoder.end()),
      onHandlerError,
    );

    this.exitSeen = new Promise<AgentExit>((resolve) => {
      child.once("error", (error: NodeJS.ErrnoException) => {
        // 'error' without a pid: the process never started. (With a pid it
        // is a failed kill() or similar; 'exit' still follows.)
        if (child.pid === undefined) resolve(this.spawnFailure(error));
      });
      child.once("exit", (code, signal) => {
        if (options.reapGroupOnExit !== false) this.reapGroup();
        resolve({ ok: true, exitCode: code, signal });
      });
    });
    void this.exitSeen.then((exit) => {
      this.exited = exit;
    });
    this.finished = this.exitSeen.then(async (exit) => {
      if (exit.ok) await Promise.all([this.stdout.done, this.stderr.done]);
      else {
        this.stdout.abandon();
        this.stderr.abandon();
      }
      if (this.handlerError) throw this.handlerError;
      return exit;
    });
    // A handler's failure surfaces through wait(); unawaited, it must not crash the process.
    this.finished.catch(() => {});
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  onStdoutLine(handler: (line: SplitLine) => void | Promise<void>): void {
    this.stdout.setHandler(handler);
  }

  onStderr(handler: (text: string) => void | Promise<void>): void {
    this.stderr.setHandler(handler);
  }

  pause(): void {
    this.stdout.setPaused(true);
    this.stderr.setPaused(true);
  }

  resume(): void {
    this.stdout.setPaused(false);
    this.stderr.setPaused(false);
  }

  wait(): Promise<AgentExit> {
    // Nobody listening must not mean a child blocked on a full pipe forever.
    // (A pause stays in force: the consumer resumes when it has caught up.)
    this.stdout.ensureHandler();
    this.stderr.ensureHandler();
    return this.finished;
  }

  async terminate(graceMs = DEFAULT_TERMINATE_GRACE_MS): Promise<AgentExit> {
    if (this.exited === null && this.child.pid !== undefined) {
      this.signalGroup("SIGTERM");
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<"grace_over">((resolve) => {
        timer = setTimeout(() => resolve("grace_over"), graceMs);
      });
      // Race the exit itself, not the output: a consumer that paused reading
      // must not turn a prompt exit into a SIGKILL.
      const outcome = await Promise.race([this.exitSeen.then(() => "exited" as const), graceOver]);
      clearTimeout(timer);
      if (outcome === "grace_over") this.signalGroup("SIGKILL");
    }
    return this.wait();
  }

  write(text: string): boolean {
    const stdin = this.child.stdin;
    if (!stdin || stdin.destroyed || stdin.writableEnded || this.exited) return false;
    stdin.write(text);
    return true;
  }

  endInput(): void {
    const stdin = this.child.stdin;
    if (stdin && !stdin.destroyed && !stdin.writableEnded) stdin.end();
  }

  private reapGroup(): void {
    // Anything still in the group outlived the main process; its pipes would
    // keep the run open. TERM now, KILL shortly after if it is still there.
    if (!this.signalGroup("SIGTERM")) return;
    setTimeout(() => this.signalGroup("SIGKILL"), REAP_GRACE_MS).unref();
  }

  /** False when the group no longer exists. */
  private signalGroup(signal: NodeJS.Signals): boolean {
    const pid = this.child.pid;
    if (pid === undefined) return false;
    try {
      process.kill(-pid, signal);
      return true;
    } catch {
      return false; // ESRCH: nothing left in the group
    }
  }

  private spawnFailure(error: NodeJS.ErrnoException): AgentExit {
    if (error.code === "ENOENT") {
      if (!isDirectory(this.options.cwd)) {
        return { ok: false, reason: "cwd_not_found", message: `The working directory ${this.options.cwd} does not exist` };
      }
      return { ok: false, reason: "agent_not_found", message: `${this.options.argv[0]} was not found (${error.message})` };
    }
    return { ok: false, reason: "spawn_failed", message: error.message };
  }
}

function failedProcess(exit: AgentExit): AgentProcess {
  const done = Promise.resolve(exit);
  return {
    pid: undefined,
    onStdoutLine() {},
    onStderr() {},
    pause() {},
    resume() {},
    wait: () => done,
    terminate: () => done,
    write: () => false,
    endInput() {},
  };
}

function nonEmpty(text: string): string[] {
  return text === "" ? [] : [text];
}

function isDirectory(candidate: string): boolean {
  try {
    return fs.statSync(candidate).isDirectory();
  } catch {
    return false;
  }
}
