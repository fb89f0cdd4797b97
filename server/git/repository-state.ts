import "server-only";
import { access } from "node:fs/promises";
import path from "node:path";
import { branchFromFiles } from "./branch-from-files";
import { runGit, type GitRunOptions } from "./run-git";

export type RepositoryOperation = "rebase" | "am" | "merge" | "cherry-pick" | "revert" | "bisect";

export interface RepositoryState {
  /** The work tree's top level (the main checkout or a linked worktree). */
  topLevel: string;
  /** This work tree's own admin directory (`.git`, or `.git/worktrees/<name>`). */
  gitDir: string;
  /** The repository's shared directory (objects, refs): `.git` of the main checkout. */
  commonDir: string;
  /** The checked-out branch ("main"), or null when HEAD is detached. */
  branch: string | null;
  /** The commit HEAD points at, or null in a repository with no commits yet. */
  head: string | null;
  /** An operation git is in the middle of, which must be finished or aborted first. */
  operation: RepositoryOperation | null;
}

// Marker files of unfinished operations, in the work tree's git dir.
const OPERATION_MARKERS: [string, RepositoryOperation][] = [
  ["rebase-merge", "rebase"],
  ["rebase-apply/applying", "am"],
  ["rebase-apply", "rebase"],
  ["MERGE_HEAD", "merge"],
  ["CHERRY_PICK_HEAD", "cherry-pick"],
  ["REVERT_HEAD", "revert"],
  ["BISECT_LOG", "bisect"],
];

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * What `dir` is, as git sees it; null when it is not a git work tree (or is a
 * bare repository). Only a repository at `dir` itself counts, unless
 * `discover` lets git look further up (registration asks what a directory
 * belongs to); `gitDir` names a linked worktree's git dir (open-worktree.ts).
 */
export async function readRepositoryState(dir: string, place: Pick<GitRunOptions, "gitDir" | "discover"> = {}): Promise<RepositoryState | null> {
  const probe = await runGit(
    dir,
    ["rev-parse", "--is-inside-work-tree", "--show-toplevel", "--absolute-git-dir", "--path-format=absolute", "--git-common-dir"],
    { ...place, okExitCodes: [0, 128] },
  );
  const [inside, topLevel, gitDir, commonDir] = probe.stdout.split("\n");
  if (probe.exitCode !== 0 || inside !== "true" || !topLevel || !gitDir || !commonDir) return null;
  const [symbolic, head] = await Promise.all([
    runGit(dir, ["symbolic-ref", "--quiet", "HEAD"], { ...place, okExitCodes: [0, 1] }),
    runGit(dir, ["rev-parse", "--quiet", "--verify", "HEAD^{commit}"], { ...place, okExitCodes: [0, 1] }),
  ]);
  const operation = await operationIn(gitDir);
  const ref = symbolic.exitCode === 0 ? symbolic.stdout.trim() : "";
  return {
    topLevel,
    gitDir,
    commonDir,
    branch: ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : null,
    head: head.exitCode === 0 ? head.stdout.trim() : null,
    operation,
  };
}

/**
 * For a new run from a branch (resolve-run-place.ts): what `dir` is and the
 * commit `refs/heads/<branch>` names (null: no such branch, or no commit),
 * from the repository's files when it is an ordinary one (branch-from-files.ts),
 * else from one git call; no branch or HEAD is read. Git calls cost the web
 * server a fork of its own large process each (≈ 12 ms measured), and this
 * is on the way of every new run. Null when `dir` is not a git work tree.
 */
export async function readRepositoryAtBranch(
  dir: string,
  branch: string,
): Promise<{ state: Omit<RepositoryState, "branch" | "head">; commit: string | null } | null> {
  // Most often the answer is a file or two: no git process (branch-from-files.ts).
  const files = await branchFromFiles(dir, branch);
  if (files)
    return {
      state: { topLevel: files.topLevel, gitDir: files.gitDir, commonDir: files.gitDir, operation: await operationIn(files.gitDir) },
      commit: files.commit,
    };
  const probe = await runGit(
    dir,
    [
      "rev-parse",
      "--is-inside-work-tree",
      "--show-toplevel",
      "--absolute-git-dir",
      "--path-format=absolute",
      "--git-common-dir",
      // Last: a branch that does not exist ends it with exit code 1, the four lines above printed.
      "--verify",
      "--quiet",
      `refs/heads/${branch}^{commit}`,
    ],
    { okExitCodes: [0, 1, 128] },
  );
  const [inside, topLevel, gitDir, commonDir, commit] = probe.stdout.split("\n");
  if (probe.exitCode === 128 || inside !== "true" || !topLevel || !gitDir || !commonDir) return null;
  const state = { topLevel, gitDir, commonDir, operation: await operationIn(gitDir) };
  return { state, commit: probe.exitCode === 0 && /^[0-9a-f]{40,64}$/.test(commit ?? "") ? commit! : null };
}

async function operationIn(gitDir: string): Promise<RepositoryOperation | null> {
  // Looked for at once; the first marker in the list that is there names it.
  const present = await Promise.all(OPERATION_MARKERS.map(([marker]) => exists(path.join(/*turbopackIgnore: true*/ gitDir, marker))));
  return OPERATION_MARKERS[present.indexOf(true)]?.[1] ?? null;
}

/** "in the middle of a rebase" — for messages. */
export function describeOperation(operation: RepositoryOperation): string {
  switch (operation) {
    case "am":
      return "in the middle of `git am`";
    case "bisect":
      return "in the middle of a bisect";
    default:
      return `in the middle of a ${operation}`;
  }
}

/** The top level of the work tree at `dir` itself (one git call), or null when `dir` is no git work tree. */
export async function workTreeTopLevel(dir: string): Promise<string | null> {
  const probe = await runGit(dir, ["rev-parse", "--is-inside-work-tree", "--show-toplevel"], { okExitCodes: [0, 128] });
  const [inside, topLevel] = probe.stdout.split("\n");
  return probe.exitCode === 0 && inside === "true" && topLevel ? topLevel : null;
}
