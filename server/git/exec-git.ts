import "server-only";
import { spawn } from "node:child_process";
import { stat } from "node:fs/promises";
import { GIT_MISSING_MESSAGE, GitError } from "./git-error";

// Spawns one git process (no shell: every value is an argv element) with a
// size and a time budget, and turns what went wrong into a GitError. Only
// run-git.ts and repository-drivers.ts call it; everything else calls runGit.

export interface GitOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** stdout was cut at maxStdoutBytes. */
  truncated: boolean;
}

export interface ExecOptions {
  okExitCodes: readonly number[];
  input?: string;
  maxStdoutBytes: number;
  timeoutMs: number;
}

type Outcome = GitOutput & { spawnError?: NodeJS.ErrnoException; timedOut?: boolean };

/** A git process that ignores SIGTERM (stuck in a hook's child, a FIFO…) is killed this long after it. */
const KILL_GRACE_MS = 2_000;

export async function execGit(cwd: string, argv: readonly string[], env: Record<string, string | undefined>, options: ExecOptions): Promise<GitOutput> {
  const output = await new Promise<Outcome>((resolve) => {
    const child = spawn("git", argv as string[], { cwd, env: env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stdoutBytes = 0;
    let stderrBytes = 0;
    let truncated = false;
    let timedOut = false;
    let settled = false;
    const stop = () => {
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS).unref();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutMs);
    timer.unref();
    const finish = (result: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    child.stdout.on("data", (chunk: Buffer) => {
      if (truncated) return;
      if (stdoutBytes + chunk.length > options.maxStdoutBytes) {
        stdout.push(chunk.subarray(0, options.maxStdoutBytes - stdoutBytes));
        stdoutBytes = options.maxStdoutBytes;
        truncated = true;
        stop();
        return;
      }
      stdout.push(chunk);
      stdoutBytes += chunk.length;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderrBytes >= 64 * 1024) return;
      stderr.push(chunk);
      stderrBytes += chunk.length;
    });
    child.on("error", (error: NodeJS.ErrnoException) => finish({ stdout: "", stderr: "", exitCode: -1, truncated: false, spawnError: error }));
    child.on("close", (code) =>
      finish({
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
        // Stopped by us after enough output: that is a success.
        exitCode: truncated ? 0 : (code ?? -1),
        truncated,
        timedOut: timedOut && !truncated,
      }),
    );
    child.stdin.on("error", () => {}); // git may exit before reading its input
    child.stdin.end(options.input ?? "");
  });
  return checked(cwd, argv, output, options.okExitCodes, options.timeoutMs);
}

async function checked(cwd: string, argv: readonly string[], output: Outcome, okExitCodes: readonly number[], timeoutMs: number): Promise<GitOutput> {
  const args = argv;
  const command = subcommandOf(argv);
  if (output.spawnError) {
    if (output.spawnError.code === "ENOENT") {
      // ENOENT is also what a missing cwd gives: tell the two apart.
      const cwdExists = await stat(cwd).then(
        (s) => s.isDirectory(),
        () => false,
      );
      if (!cwdExists) throw new GitError("failed", `cannot run git in ${cwd}: the directory does not exist`, { args, cwd });
      throw new GitError("git_missing", GIT_MISSING_MESSAGE, { args, cwd });
    }
    throw new GitError("failed", `could not start git: ${output.spawnError.message}`, { args, cwd });
  }
  if (output.timedOut) {
    throw new GitError("timeout", `git ${command} did not finish within ${Math.round(timeoutMs / 1000)} s in ${cwd}, so Arbor stopped it`, { args, cwd });
  }
  if (output.exitCode === 128 && /detected dubious ownership/.test(output.stderr)) {
    throw new GitError(
      "unsafe_ownership",
      `git refuses to work in ${cwd}: the repository belongs to another user than the one Arbor runs as. If you trust it: git config --global --add safe.directory '${cwd}'`,
      { args, cwd, exitCode: 128, stderr: output.stderr },
    );
  }
  if (!okExitCodes.includes(output.exitCode)) {
    const reason = output.stderr.trim().split("\n").slice(-3).join(" ").slice(0, 500) || `exit code ${output.exitCode}`;
    throw new GitError("failed", `git ${command} failed in ${cwd}: ${reason}`, { args, cwd, exitCode: output.exitCode, stderr: output.stderr });
  }
  const { spawnError: _spawnError, timedOut: _timedOut, ...result } = output;
  return result;
}

/** The git command an argv runs ("add", "worktree"…): the first argument that is not a global option. */
export function subcommandOf(argv: readonly string[]): string {
  return argv.find((arg) => !arg.startsWith("-")) ?? "";
}
