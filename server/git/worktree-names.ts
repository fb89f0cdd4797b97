import "server-only";
import path from "node:path";

// Names Arbor gives to what it creates in a project's repository. Pure.

/** "ISSUE-3" + an execution id → "arbor/ISSUE-3/1f2e3d4c": the branch of that line of work. */
export function worktreeBranchName(issueId: string, executionId: string): string {
  return `arbor/${issueId}/${shortKey(executionId)}`;
}

/** Where the worktree of an execution lives: `<worktreesRoot>/<PROJ-n>/<ISSUE-n>-<short id>`. */
export function worktreePathFor(worktreesRoot: string, projectId: string, issueId: string, executionId: string): string {
  return path.join(worktreesRoot, projectId, `${issueId}-${shortKey(executionId)}`);
}

/**
 * A pre-started agent's worktree (server/runner/warm/prestart-pool.ts): `<worktreesRoot>/<PROJ-n>/prestart-<hex>`
 * on branch `arbor/prestart/<hex>` until a run takes it (then the branch is the run's; the directory keeps its name).
 */
export function prestartWorktree(worktreesRoot: string, projectId: string, hex: string): { path: string; branch: string } {
  const key = checkedKey(hex);
  return { path: path.join(worktreesRoot, projectId, `prestart-${key}`), branch: `arbor/prestart/${key}` };
}

export function isPrestartPath(worktreePath: string): boolean {
  return /^prestart-[A-Za-z0-9_-]+$/.test(path.basename(worktreePath));
}

/** The ref that keeps an execution's snapshot reachable even if its branch is rewritten or deleted. */
export function snapshotRefName(key: string): string {
  return `refs/arbor/snapshots/${checkedKey(key)}`;
}

/** The ref that keeps the commit an execution started from reachable. */
export function startRefName(key: string): string {
  return `refs/arbor/starts/${checkedKey(key)}`;
}

function shortKey(executionId: string): string {
  return checkedKey(executionId).replace(/-/g, "").slice(0, 8);
}

/** Keys become ref and path components: letters, digits, `.`, `_`, `-` only. */
function checkedKey(key: string): string {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/.test(key) || key.includes("..") || key.endsWith(".lock") || key.endsWith(".")) {
    throw new Error(`not a usable key for a git ref: ${JSON.stringify(key.slice(0, 60))}`);
  }
  return key;
}

/** Where a line of work's branch tip travels on the project's store: refs/arbor/lines/<branch> (arbor/ISSUE-3/1f2e3d4c). */
export function lineRefName(branch: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/.test(branch) || /\.\.|\/\/|\.lock(?:\/|$)|\/\.|[./]$/.test(branch)) {
    throw new Error(`not a line's branch name: ${JSON.stringify(branch.slice(0, 60))}`);
  }
  return `refs/arbor/lines/${branch}`;
}
