import "server-only";
import { inheritedEnv } from "@/server/config/load-config";
import { spawn } from "node:child_process";
import { stat } from "node:fs/promises";
import { GIT_MISSING_MESSAGE, GitError } from "./git-error";

// The one place Arbor runs git. Every value (branch names, refs, paths,
// messages) is an argv element, never shell text: spawn without a shell.

export interface GitRunOptions {
  /** Extra environment (e.g. GIT_INDEX_FILE, a commit identity). */
  env?: Record<string, string>;
  /** Exit codes that are answers, not failures (e.g. 1 for `merge-tree` conflicts). Default [0]. */
  okExitCodes?: readonly number[];
  /** Written to the command's stdin (e.g. a commit message). */
  input?: string;
  /**
   * Keep at most this many bytes of stdout; the command is stopped once they
   * are read and the result says `truncated`. Without it, stdout over 256 MiB fails.
   */
  maxStdoutBytes?: number;
}

export interface GitOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** stdout was cut at maxStdoutBytes. */
  truncated: boolean;
}

const HARD_STDOUT_LIMIT = 256 * 1024 * 1024;

// Inherited variables that would point git at another repository or index
// than the one we name (e.g. when Arbor itself runs inside a git hook).
const REPOSITORY_VARIABLES = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_COMMON_DIR",
  "GIT_NAMESPACE",
  "GIT_PREFIX",
];

function gitEnvironment(extra: Record<string, string> | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...inheritedEnv() };
  for (const name of REPOSITORY_VARIABLES) delete env[name];
  // Messages we parse stay in English; git never waits for a password prompt.
  return { ...env, LC_ALL: "C", LANG: "C", GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0", ...extra };
}

/** Runs `git <args>` in `cwd`. Throws GitError when git is missing or exits with a code not in okExitCodes. */
export async function runGit(cwd: string, args: readonly string[], options: GitRunOptions = {}): Promise<GitOutput> {
  const okExitCodes = options.okExitCodes ?? [0];
  const cap = options.maxStdoutBytes ?? HARD_STDOUT_LIMIT;
  const output = await new Promise<GitOutput & { spawnError?: NodeJS.ErrnoException }>((resolve) => {
    const child = spawn("git", args as string[], { cwd, env: gitEnvironment(options.env), stdio: ["pipe", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stdoutBytes = 0;
    let truncated = false;
    let settled = false;
    const finish = (result: GitOutput & { spawnError?: NodeJS.ErrnoException }) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    child.stdout.on("data", (chunk: Buffer) => {
      if (truncated) return;
      if (stdoutBytes + chunk.length > cap) {
        stdout.push(chunk.subarray(0, cap - stdoutBytes));
        stdoutBytes = cap;
        truncated = true;
        child.kill("SIGTERM");
        return;
      }
      stdout.push(chunk);
      stdoutBytes += chunk.length;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.reduce((n, b) => n + b.length, 0) < 64 * 1024) stderr.push(chunk);
    });
    child.on("error", (error: NodeJS.ErrnoException) => finish({ stdout: "", stderr: "", exitCode: -1, truncated: false, spawnError: error }));
    child.on("close", (code) =>
      finish({
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
        // Stopped by us after enough output: that is a success.
        exitCode: truncated ? 0 : (code ?? -1),
        truncated,
      }),
    );
    child.stdin.on("error", () => {}); // git may exit before reading its input
    child.stdin.end(options.input ?? "");
  });

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
  if (output.exitCode === 128 && /detected dubious ownership/.test(output.stderr)) {
    throw new GitError(
      "unsafe_ownership",
      `git refuses to work in ${cwd}: the repository belongs to another user than the one Arbor runs as. If you trust it: git config --global --add safe.directory '${cwd}'`,
      { args, cwd, exitCode: 128, stderr: output.stderr },
    );
  }
  if (!okExitCodes.includes(output.exitCode)) {
    const reason = output.stderr.trim().split("\n").slice(-3).join(" ").slice(0, 500) || `exit code ${output.exitCode}`;
    throw new GitError("failed", `git ${args[0] ?? ""} failed in ${cwd}: ${reason}`, { args, cwd, exitCode: output.exitCode, stderr: output.stderr });
  }
  const { spawnError: _ignored, ...result } = output;
  return result;
}
