import "server-only";
import { execGit, subcommandOf, type GitOutput } from "./exec-git";
import { gitEnvironment, type GitTrust } from "./git-environment";
import { driversOff, repositoryDrivers } from "./repository-drivers";

// The one way Arbor runs git. Every value (branch names, refs, paths,
// messages) is an argv element, never shell text. Nothing of the repository
// runs (git-environment.ts): no hooks, fsmonitor, pager, editor, gpg,
// credential or askpass helper, transport, external diff or text conversion,
// and the repository's own filters and merge drivers are switched off for the
// commands that would run them. Work in a linked worktree names its git dir
// explicitly (open-worktree.ts), so git never follows a `.git` file an agent
// could rewrite; elsewhere git only finds a repository at `cwd` itself.

export type { GitOutput } from "./exec-git";

export interface GitRunOptions {
  /** Extra environment (e.g. GIT_INDEX_FILE, a commit identity). */
  env?: Record<string, string>;
  /** Extra command-level config (e.g. core.quotePath=false). */
  config?: ReadonlyArray<readonly [string, string]>;
  /** Exit codes that are answers, not failures (e.g. 1 for `merge-tree` conflicts). Default [0]. */
  okExitCodes?: readonly number[];
  /** Written to the command's stdin (e.g. a commit message). */
  input?: string;
  /** Keep at most this many bytes of stdout; the command is stopped once they are read and the result says `truncated`. Default 256 MiB. */
  maxStdoutBytes?: number;
  /** Stop git after this long (a GitError "timeout"). Default 5 minutes. */
  timeoutMs?: number;
  /** The git dir to use (a linked worktree's admin directory), instead of anything found at `cwd`. */
  gitDir?: string;
  /** The work tree with `gitDir` (default: `cwd`). */
  workTree?: string;
  /** Let git look for the repository in the directories above `cwd` too (only registration asks what a directory belongs to). */
  discover?: boolean;
  /** "repository": the repository's own hooks, filters and drivers run (Apply where the project opted in). Default "safe". */
  trust?: GitTrust;
}

const HARD_STDOUT_LIMIT = 256 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 5 * 60_000;

// Commands that only read or write objects and refs, never a file through a
// filter or merge driver. Every other command (add, write-tree — which
// re-reads racily clean files —, checkout, status, merge, diff, worktree
// add and remove…) first asks which drivers the repository's own config
// defines, and runs with them off: one more git process, and safe by default.
const OBJECT_COMMANDS = new Set(["rev-parse", "update-ref", "commit-tree", "merge-base", "cat-file", "show-ref", "check-ref-format", "symbolic-ref", "config"]);
const OBJECT_WORKTREE_COMMANDS = new Set(["list", "move"]);
// Commands that could start an external diff or a text conversion.
const DIFF_COMMANDS = new Set(["diff", "log", "show"]);

/** Runs `git <args>` in `cwd`. Throws GitError when git is missing, fails (exit code not in okExitCodes) or takes too long. */
export async function runGit(cwd: string, args: readonly string[], options: GitRunOptions = {}): Promise<GitOutput> {
  const trust = options.trust ?? "safe";
  const discover = options.discover === true && !options.gitDir;
  const globalArgs = options.gitDir ? [`--git-dir=${options.gitDir}`, `--work-tree=${options.workTree ?? cwd}`] : [];
  const command = subcommandOf(args);
  let config = options.config ?? [];
  let argv = [...args];
  if (trust === "safe") {
    const objectsOnly = OBJECT_COMMANDS.has(command) || (command === "worktree" && OBJECT_WORKTREE_COMMANDS.has(args[1] ?? ""));
    if (!objectsOnly) {
      config = [...config, ...driversOff(await repositoryDrivers({ cwd, globalArgs, discover }))];
    }
    if (DIFF_COMMANDS.has(command)) argv = [command, ...["--no-ext-diff", "--no-textconv"].filter((flag) => !args.includes(flag)), ...argv.slice(1)];
  }
  const env = gitEnvironment({ trust, cwd, discover, config, extra: options.env });
  return execGit(cwd, ["--no-pager", ...globalArgs, ...argv], env, {
    okExitCodes: options.okExitCodes ?? [0],
    input: options.input,
    maxStdoutBytes: options.maxStdoutBytes ?? HARD_STDOUT_LIMIT,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
}
