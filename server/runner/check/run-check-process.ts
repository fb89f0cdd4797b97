import { spawn } from "node:child_process";
import { withoutArborSecrets } from "@/server/config/without-secrets";
import { LineSplitter } from "@/server/agents/line-splitter";

// One run of a project's check (issue 25): the person's command in the
// turn's worktree, in a process group of its own (so a test runner's children
// go with it), stdin closed, Arbor's secrets left out of its environment, and
// a time limit after which the whole group is stopped (SIGTERM, then SIGKILL).
// Its output arrives line by line for the caller to store; what it keeps here
// is only the tail, for the summary and for "Continue with the failure".

export type CheckCommandLine = string | readonly string[];

export type CheckProcessResult =
  | { kind: "exited"; exitCode: number; durationMs: number }
  | { kind: "timed_out"; durationMs: number }
  | { kind: "stopped"; durationMs: number }
  | { kind: "not_started"; message: string; durationMs: number };

export type CheckProcessOptions = {
  command: CheckCommandLine;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  timeoutMs: number;
  onLine: (line: string, stream: "stdout" | "stderr") => void;
  /** Grace between SIGTERM and SIGKILL of the group. */
  killGraceMs?: number;
};

export type CheckProcess = { result: Promise<CheckProcessResult>; stop: () => void };

/** A shell line runs under `sh -c` as the person wrote it; an argv runs as it is (no shell). */
export function checkArgv(command: CheckCommandLine): string[] {
  return typeof command === "string" ? ["sh", "-c", command] : [...command];
}

export function startCheckProcess(options: CheckProcessOptions): CheckProcess {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const [program, ...args] = checkArgv(options.command);
  let stopping: "timeout" | "stop" | null = null;
  let child: ReturnType<typeof spawn>;
  try {
    child = spawn(program!, args, { cwd: options.cwd, env: withoutArborSecrets(options.env), detached: true, stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    return { result: Promise.resolve({ kind: "not_started", message: (error as Error).message, durationMs: elapsed() }), stop: () => {} };
  }
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // The group is gone already.
    }
  };
  const halt = (why: "timeout" | "stop") => {
    if (stopping || child.exitCode !== null || child.signalCode !== null) return;
    stopping = why;
    signalGroup("SIGTERM");
    setTimeout(() => signalGroup("SIGKILL"), options.killGraceMs ?? 2_000).unref();
  };
  const timer = setTimeout(() => halt("timeout"), options.timeoutMs);
  for (const [stream, readable] of [
    ["stdout", child.stdout!],
    ["stderr", child.stderr!],
  ] as const) {
    const splitter = new LineSplitter({ maxLineBytes: 64 * 1024 });
    readable.on("data", (chunk: Buffer) => {
      for (const piece of splitter.push(chunk)) options.onLine(piece.text, stream);
    });
    readable.on("end", () => {
      for (const piece of splitter.end()) options.onLine(piece.text, stream);
    });
  }
  const result = new Promise<CheckProcessResult>((resolve) => {
    child.once("error", (error) => {
      clearTimeout(timer);
      resolve({ kind: "not_started", message: error.message, durationMs: elapsed() });
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      // Whatever the group's leader did, its children are stopped with it.
      signalGroup("SIGKILL");
      if (stopping === "timeout") resolve({ kind: "timed_out", durationMs: elapsed() });
      else if (stopping === "stop") resolve({ kind: "stopped", durationMs: elapsed() });
      else resolve({ kind: "exited", exitCode: code ?? 1, durationMs: elapsed() });
    });
  });
  return { result, stop: () => halt("stop") };
}
