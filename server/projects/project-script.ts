import "server-only";
import { spawn } from "node:child_process";
import { withoutArborSecrets } from "@/server/config/without-secrets";

// A project's own shell text (its setupScript, cleanupScript or checkCommand),
// run as the person wrote it: `sh -c <script>` in a worktree, the script itself
// one argv element (no path, ref or name of Arbor's is ever pasted into it), or
// a check given as an argv, run as it is without a shell. It runs
// in a process group of its own, so the time limit kills everything it
// started (a dev server it forgot in the background too), and with the
// runner's environment minus Arbor's secrets (server/config/without-secrets.ts:
// a script's `npm run migrate` must not find Arbor's own DATABASE_URL). Its
// output is handed over line by line up to a bound (like an agent's: stored,
// nothing lost below it), and the tail is kept whatever the bound, for the
// message a failure shows.

/** `cancelled`: stopped because its `signal` was aborted (a run cancelled while its setup script ran). */
export type ScriptStatus = "passed" | "failed" | "timed_out" | "error" | "cancelled";

export type ScriptOutcome = {
  status: ScriptStatus;
  /** Null when it did not exit by itself (killed at its limit, a signal, or it never started). */
  exitCode: number | null;
  durationMs: number;
  /** The output's last characters (stdout and stderr as they came), for a failure's message. */
  tail: string;
  /** Why it could not start (status error). */
  reason?: string;
  /** Output beyond the bound was not handed over (its tail still is in `tail`). */
  truncated: boolean;
};

export type ScriptLine = { stream: "stdout" | "stderr"; text: string };

export type ScriptOptions = {
  /** Shell text (run with `sh -c`), or an argv run without a shell. */
  script: string | readonly string[];
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  timeoutMs: number;
  /** Each line it prints, in order, until `maxBytes` were handed over. */
  onLine?: (line: ScriptLine) => void;
  /** Output handed to onLine at most (default 4 MiB); longer lines are cut at 64 KiB. */
  maxBytes?: number;
  /** Aborted: the script's whole group is stopped now (status cancelled). */
  signal?: AbortSignal;
};

const TAIL_CHARS = 4_000;
const MAX_LINE = 64 * 1024;
const KILL_GRACE_MS = 2_000;
const LEFTOVER_GRACE_MS = 500;

export function runProjectScript(options: ScriptOptions): Promise<ScriptOutcome> {
  const started = Date.now();
  const maxBytes = options.maxBytes ?? 4 * 1024 * 1024;
  let handed = 0;
  let truncated = false;
  let tail = "";
  let timedOut = false;
  let cancelled = false;
  return new Promise((resolve) => {
    const [program, ...args] = typeof options.script === "string" ? ["sh", "-c", options.script] : options.script;
    const child = spawn(program!, args, {
      cwd: options.cwd,
      env: withoutArborSecrets(options.env),
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
    });
    let settled = false;
    const done = (outcome: Omit<ScriptOutcome, "durationMs" | "tail" | "truncated">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve({ ...outcome, durationMs: Date.now() - started, tail: tail.slice(-TAIL_CHARS), truncated });
    };
    const killGroup = (signal: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    };
    const stop = () => {
      killGroup("SIGTERM");
      setTimeout(() => killGroup("SIGKILL"), KILL_GRACE_MS).unref();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutMs);
    const onAbort = () => {
      cancelled = true;
      stop();
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener("abort", onAbort, { once: true });
    const pending = { stdout: "", stderr: "" };
    const emit = (stream: "stdout" | "stderr", text: string) => {
      const line = text.length > MAX_LINE ? `${text.slice(0, MAX_LINE)}…` : text;
      if (handed + line.length > maxBytes) {
        truncated = true;
        return;
      }
      handed += line.length + 1;
      options.onLine?.({ stream, text: line });
    };
    for (const stream of ["stdout", "stderr"] as const) {
      child[stream].setEncoding("utf8");
      child[stream].on("data", (chunk: string) => {
        tail = (tail + chunk).slice(-2 * TAIL_CHARS);
        const lines = (pending[stream] + chunk).split("\n");
        pending[stream] = lines.pop() ?? "";
        // A line that never ends is handed over in pieces, so memory stays bounded.
        if (pending[stream].length > MAX_LINE) {
          lines.push(pending[stream]);
          pending[stream] = "";
        }
        for (const line of lines) emit(stream, line.replace(/\r$/, ""));
      });
    }
    child.on("error", (error) => done({ status: "error", exitCode: null, reason: error.message }));
    // The shell's exit decides; what it left running in the background (holding the pipes) gets a moment, then goes.
    let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    child.on("exit", (code, signal) => {
      exited = { code, signal };
      setTimeout(() => killGroup("SIGKILL"), LEFTOVER_GRACE_MS).unref();
    });
    // "close": every byte of output was read.
    child.on("close", (closeCode, closeSignal) => {
      const { code, signal } = exited ?? { code: closeCode, signal: closeSignal };
      for (const stream of ["stdout", "stderr"] as const) if (pending[stream]) emit(stream, pending[stream]);
      // Whatever it left behind in its group goes with it.
      killGroup("SIGKILL");
      if (cancelled) return done({ status: "cancelled", exitCode: null });
      if (timedOut) return done({ status: "timed_out", exitCode: null });
      if (code === 0) return done({ status: "passed", exitCode: 0 });
      done({ status: "failed", exitCode: code, ...(signal ? { reason: `killed by ${signal}` } : {}) });
    });
  });
}

/** A one-line account of how a script ended, for logs and messages. */
export function describeScriptOutcome(name: string, outcome: ScriptOutcome, timeoutMs: number): string {
  switch (outcome.status) {
    case "passed":
      return `${name} finished in ${(outcome.durationMs / 1000).toFixed(1)} s`;
    case "timed_out":
      return `${name} did not finish within its limit of ${Math.round(timeoutMs / 1000)} s and was stopped`;
    case "error":
      return `${name} could not start: ${outcome.reason ?? "unknown reason"}`;
    case "cancelled":
      return `${name} was stopped: the run was cancelled`;
    default:
      return `${name} exited with ${outcome.exitCode === null ? (outcome.reason ?? "a signal") : `code ${outcome.exitCode}`}`;
  }
}
