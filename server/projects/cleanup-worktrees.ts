import "server-only";
import { rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { shortId } from "@/lib/executions/format";
import type { WorktreeCleanup } from "@/lib/projects/schema";
import { conflict, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { lockSession } from "@/server/locks/session-lock";
import { diskBudget, worktreeDiskUsage } from "@/server/git/disk-usage";
import { GitError } from "@/server/git/git-error";
import { catchGitErrors } from "@/server/git/git-failure";
import { removeWorktree } from "@/server/git/remove-worktree";
import { commonDirOf, readWorktreeRecords } from "@/server/git/worktree-records";
import { findProject, refuseDefaultWorkspace } from "./find-project";
import { isArchivedLine } from "./project-worktrees";
import { realWorktreesRoot } from "./worktrees-root";
import { describeScriptOutcome, runProjectScript } from "./project-script";
import { inheritedEnv } from "@/server/config/load-config";

// Housekeeping: the worktrees of lines of work whose sessions are all
// archived are removed (their directories and git's records of them — of the
// recorded paths only); their arbor/ branches — the recorded ones, never the
// branch checked out there now — stay unless asked, and their snapshots stay
// reachable either way
// (refs/arbor/snapshots/<id>), so diffs, compare and Apply still work and a
// Continue of one forks from its snapshot in a fresh worktree. A worktree is
// never removed while an execution of it is queued or running, or while a
// Continue waits to run in it: that is decided under the sessions' locks, in
// the transaction that marks it removed, so a Continue recorded afterwards
// already knows. Worktrees live on their runner's disk: this removes the ones
// on this machine, and says so of the others. The project's cleanup script
// runs in each worktree right before its removal (`sh -c`, its own process
// group, the project's time limit, this process's environment minus Arbor's
// secrets: project-script.ts); one that fails is logged and said in the
// answer, and the removal goes on (the worktree is going either way).

type Line = {
  path: string;
  branch: string | null;
  executions: Array<{
    id: string;
    status: string;
    sessionId: string | null;
    snapshotSha: string | null;
    runnerId: string | null;
    managedSession: { archived: boolean } | null;
  }>;
};

/**
 * `onlyPaths`: remove just these lines' worktrees, archived or not (a fan-out
 * group's members that were not picked, server/groups/pick-group-member.ts);
 * every other rule above holds for them.
 */
export async function cleanupWorktrees(
  rawId: string,
  options: { deleteBranches?: boolean; onlyPaths?: readonly string[] } = {},
): Promise<Result<WorktreeCleanup>> {
  const implicit = refuseDefaultWorkspace(rawId);
  if (implicit) return implicit;
  const found = await findProject(rawId);
  if (!found.ok) return found;
  const project = found.value;
  if (!project.isGitRepo) return conflict(`${project.id} is not a git repository: its runs share its directory and have no worktrees to remove.`);
  const root = (await realWorktreesRoot()) + path.sep;
  const here = new Set((await prisma.runner.findMany({ where: { hostname: os.hostname() }, select: { id: true } })).map((r) => r.id));
  const result: WorktreeCleanup = { projectId: project.id, removed: [], kept: [], freedBytes: 0 };
  const lines = await archivedLines(project.id, options.onlyPaths);
  if (lines.length === 0) return ok(result);
  const adminDirs = await catchGitErrors(async () =>
    ok(new Map((await readWorktreeRecords(await commonDirOf(project.path))).map((r) => [r.path, r.adminDir]))),
  );
  if (!adminDirs.ok) return adminDirs;
  const budget = diskBudget(10_000, 5_000_000);
  for (const line of lines) {
    const keep = (reason: string) => result.kept.push({ path: line.path, branch: line.branch, reason });
    const elsewhere = line.executions.find((e) => e.runnerId && !here.has(e.runnerId));
    if (elsewhere) {
      keep(`it is on the disk of runner ${elsewhere.runnerId}, another machine: remove it there`);
      continue;
    }
    if (!line.path.startsWith(root)) {
      keep(`it is not under this server's worktrees directory ${root}`);
      continue;
    }
    const live = line.executions.find((e) => e.status === "queued" || e.status === "running");
    if (live) {
      keep(`execution ${shortId(live.id)} is ${live.status} there`);
      continue;
    }
    if (line.executions.some((e) => !e.snapshotSha)) {
      keep("an execution of it has no snapshot yet (its runner takes it when it starts again)");
      continue;
    }
    const refusal = await markRemoved(line);
    if (refusal) {
      keep(refusal);
      continue;
    }
    const { bytes } = await worktreeDiskUsage(line.path, adminDirs.value.get(line.path) ?? null, budget);
    // Not in a directory already gone: there is nothing to clean up there.
    const onDisk = (await stat(line.path).catch(() => null))?.isDirectory() === true;
    const cleanupScript = project.cleanupScript && onDisk ? await runCleanupScript(project, line.path) : undefined;
    const removed = await removeLine(project.path, line, options.deleteBranches === true);
    result.removed.push({
      path: line.path,
      branch: line.branch,
      ...removed,
      executionIds: line.executions.map((e) => e.id),
      bytes,
      ...(cleanupScript ? { cleanupScript } : {}),
    });
    result.freedBytes += bytes;
  }
  return ok(result);
}

/** The project's worktrees still on disk whose lines of work are archived (or, given paths, those lines whatever their sessions). */
async function archivedLines(projectId: string, onlyPaths?: readonly string[]): Promise<Line[]> {
  const rows = await prisma.execution.findMany({
    where: { projectId, worktreeState: "present", worktreePath: { not: null } },
    select: {
      id: true,
      status: true,
      sessionId: true,
      snapshotSha: true,
      runnerId: true,
      worktreePath: true,
      worktreeBranch: true,
      managedSession: { select: { archived: true } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const lines = new Map<string, Line>();
  for (const { worktreePath, worktreeBranch, ...e } of rows) {
    const line = lines.get(worktreePath!) ?? { path: worktreePath!, branch: worktreeBranch, executions: [] };
    line.executions.push(e);
    lines.set(worktreePath!, line);
  }
  if (onlyPaths) return [...lines.values()].filter((line) => onlyPaths.includes(line.path));
  return [...lines.values()].filter((line) => isArchivedLine(line.executions));
}

/** Marks the worktree removed unless something runs or waits to run in it; the refusal in words otherwise. */
async function markRemoved(line: Line): Promise<string | null> {
  return prisma.$transaction(async (tx) => {
    for (const session of new Set(line.executions.flatMap((e) => (e.sessionId ? [e.sessionId] : [])))) await lockSession(tx, session);
    const busy = await tx.execution.findFirst({
      where: {
        status: { in: ["queued", "running"] },
        OR: [{ worktreePath: line.path }, { parentExecution: { worktreePath: line.path } }],
      },
      select: { id: true, status: true },
    });
    if (busy) return `execution ${shortId(busy.id)} is ${busy.status} there`;
    await tx.execution.updateMany({ where: { worktreePath: line.path, worktreeState: "present" }, data: { worktreeState: "removed" } });
    return null;
  });
}

type CleanupScriptResult = NonNullable<WorktreeCleanup["removed"][number]["cleanupScript"]>;

/** The project's cleanup script, run in the worktree about to go: how it ended (a failure logged, never a reason to keep it). */
async function runCleanupScript(
  project: { id: string; cleanupScript: string | null; checkTimeoutSeconds: number },
  worktree: string,
): Promise<CleanupScriptResult> {
  const timeoutMs = project.checkTimeoutSeconds * 1000;
  const outcome = await runProjectScript({ script: project.cleanupScript ?? "", cwd: worktree, env: inheritedEnv(), timeoutMs, maxBytes: 0 });
  const summary = describeScriptOutcome("The cleanup script", outcome, timeoutMs);
  const tail = outcome.tail.trim();
  const message = outcome.status === "passed" || !tail ? summary : `${summary}; the end of its output:\n${tail}`;
  if (outcome.status !== "passed") console.error(`[projects] ${project.id}: ${message} (in ${worktree}; removed all the same)`);
  // Never cancelled here (no signal is given): anything but passed, failed or timed_out is an error.
  const status = outcome.status === "cancelled" ? "error" : outcome.status;
  return { status, exitCode: outcome.exitCode, message };
}

/** Removes the recorded directory and git's record of it, and (if asked) the recorded arbor/ branch: what was deleted, and why a branch stayed. */
async function removeLine(repo: string, line: Line, deleteBranch: boolean): Promise<{ branchDeleted: boolean; branchKept?: string }> {
  const remove = () => removeWorktree({ repo, path: line.path, branch: line.branch, deleteBranch });
  try {
    let removed = await remove();
    if (!removed.ok) {
      // git no longer records it: its directory (under Arbor's worktrees root, checked above) goes all the same.
      await rm(line.path, { recursive: true, force: true });
      removed = await remove();
    }
    if (removed.ok) return { branchDeleted: removed.value.branchDeleted, ...(removed.value.branchKept ? { branchKept: removed.value.branchKept } : {}) };
    return { branchDeleted: false, branchKept: removed.error.message };
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    console.error(`[projects] git could not remove the worktree ${line.path}: ${error.message}`);
    await rm(line.path, { recursive: true, force: true });
    return { branchDeleted: false, ...(deleteBranch && line.branch ? { branchKept: `git could not remove it: ${error.message}` } : {}) };
  }
}
