import type { WorktreeState } from "@/server/generated/prisma/client";

// Where a turn's files are, decided right before its agent starts, once its
// lineage is fixed (rewrite-lineage.ts): the files branch exactly where the
// conversation does.
// - no project, a directory that is not git, or the person's choice of the
//   project's shared directory: the recorded cwd, as it is (shared);
// - a Continue whose parent's worktree is still there: that worktree (reuse);
//   its state is recorded first as the turn's start commit, and when that
//   cannot be done a new worktree is made instead, as below;
// - anything else gets a new worktree (create) starting from: a Fork (or a
//   turn recorded as one) its source's snapshot; a Continue its parent's
//   snapshot (so a Continue whose worktree is gone starts where the parent
//   ended); a new run the commit chosen when it was created; else the
//   project's base branch. No such commit (from null): it cannot be made.
// Pure: server/runner/workspace/prepare-workspace.ts reads the rows and the
// disk, applies the placement and records it.

type WorktreeRow = { worktreePath: string | null; worktreeBranch: string | null; worktreeState: WorktreeState | null };
type Commits = { snapshotSha: string | null; startSha: string | null };

export type PlacementFacts = {
  execution: { cwd: string; sharedDirectory: boolean; startSha: string | null; forkedFromExecutionId: string | null };
  project: { isGitRepo: boolean; baseBranch: string | null } | null;
  /** The execution it continues (null: none, or gone), and whether its worktree's directory is on this runner's disk. */
  parent: (WorktreeRow & Commits & { onDisk: boolean }) | null;
  /** The execution it forks from (null: none, or gone). */
  forkSource: Commits | null;
};

export type Placement =
  | { kind: "shared"; cwd: string }
  /** `from`: where a new worktree starts if this one's state cannot be recorded. */
  | { kind: "reuse"; path: string; branch: string | null; from: string | null }
  | { kind: "create"; from: string | null };

export function placeWorktree(facts: PlacementFacts): Placement {
  const { execution, project, parent } = facts;
  if (!project?.isGitRepo || execution.sharedDirectory) return { kind: "shared", cwd: execution.cwd };
  const from = startingPoint(facts, project);
  if (parent?.worktreePath && parent.worktreeState === "present" && parent.onDisk) {
    return { kind: "reuse", path: parent.worktreePath, branch: parent.worktreeBranch, from };
  }
  return { kind: "create", from };
}

/** The commit a new worktree starts from: the source's snapshot for a fork, the parent's for a Continue, else the one chosen at creation. */
function startingPoint(facts: PlacementFacts, project: { baseBranch: string | null }): string | null {
  const source = facts.execution.forkedFromExecutionId ? facts.forkSource : facts.parent;
  const fromSource = source ? (source.snapshotSha ?? source.startSha) : null;
  // A branch by its full name: a tag called like the base branch never stands in for it.
  return fromSource ?? facts.execution.startSha ?? (project.baseBranch ? `refs/heads/${project.baseBranch}` : null);
}
