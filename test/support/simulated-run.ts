// What the runner does for an execution in a git project
// (server/runner/workspace/prepare-workspace.ts, snapshot-execution.ts), done directly
// without an agent: a worktree from `from`, the file changes, a snapshot, and
// the execution row that records them. For tests of diffs and apply; the
// runner's own are test/integration/projects/worktree-*.test.ts.
import { randomUUID } from "node:crypto";
import { prisma } from "@/server/db";
import { createWorktree } from "@/server/git/create-worktree";
import { snapshotWorktree } from "@/server/git/snapshot-worktree";
import { snapshotRefName, startRefName, worktreeBranchName, worktreePathFor } from "@/server/git/worktree-names";
import { worktreesRoot } from "@/server/projects/worktrees-root";
import { writeFiles } from "@/test/support/git-repo";

export async function simulateRun(options: {
  project: { id: string; path: string; baseBranch: string | null };
  issueId: string;
  files: Record<string, string>;
  /** A commit to start from (a snapshot, for a fork); default the base branch. */
  from?: string;
  prompt?: string;
}) {
  const id = randomUUID();
  const branch = worktreeBranchName(options.issueId, id);
  const wt = worktreePathFor(worktreesRoot(), options.project.id, options.issueId, id);
  const created = await createWorktree({
    repo: options.project.path,
    path: wt,
    branch,
    from: options.from ?? options.project.baseBranch!,
    pinRef: startRefName(id),
  });
  if (!created.ok) throw new Error(created.error.message);
  writeFiles(wt, options.files);
  const snap = await snapshotWorktree({
    repo: options.project.path,
    worktree: wt,
    message: `Arbor snapshot: ${options.issueId} ${id}`,
    pinRef: snapshotRefName(id),
  });
  if (!snap.ok) throw new Error(snap.error.message);
  return prisma.execution.create({
    data: {
      id,
      issueId: options.issueId,
      agent: "claude",
      prompt: options.prompt ?? "make the change",
      cwd: wt,
      status: "completed",
      projectId: options.project.id,
      worktreePath: wt,
      worktreeBranch: branch,
      worktreeState: "present",
      startSha: created.value.startSha,
      snapshotSha: snap.value.sha,
      finishedAt: new Date(),
    },
  });
}
