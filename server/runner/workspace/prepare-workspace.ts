import { mkdir, realpath } from "node:fs/promises";
import path from "node:path";
import type { ExecutionErrorCode } from "@/lib/executions/types";
import { prisma } from "@/server/db";
import { loadConfig } from "@/server/config/load-config";
import { checkRunCwd } from "@/server/executions/resolve-cwd";
import type { Execution } from "@/server/generated/prisma/client";
import type { RunIdentity } from "@/server/projects/main-checkout-rule";
import { createWorktree } from "@/server/git/create-worktree";
import { GitError } from "@/server/git/git-error";
import { snapshotWorktree } from "@/server/git/snapshot-worktree";
import { startRefName, worktreeBranchName, worktreePathFor } from "@/server/git/worktree-names";
import { realWorktreesRoot, worktreesRoot } from "@/server/projects/worktrees-root";
import { placeWorktree } from "@/server/turns/place-worktree";
import { projectRepo, type ProjectRepo } from "@/server/projects/project-repo";
import { ensureCommits, fetchFromStore } from "@/server/git/fetch-from-store";
import { keepSpare } from "@/server/runner/workspace/spare-checkouts";
import { isDirectory } from "@/server/runner/workspace/worktree-state";
import { readyWorktree } from "@/server/runner/workspace/ready-worktree";
import { noWorkspaceLog, type WorkspaceLog } from "@/server/runner/workspace/workspace-log";

// Where the agent works, settled right before it starts (after plan-turn.ts
// fixed the lineage): placeWorktree (server/turns/place-worktree.ts) decides
// shared, reuse or create from the rows and the disk; this applies it. A
// Continue that goes on in its parent's worktree first records the worktree's
// state as a commit (normally the parent's snapshot itself), so the turn's
// diff is only its own work; a new worktree gets a branch
// arbor/<ISSUE-n>/<short id>, is recorded, then made ready to work in
// (ready-worktree.ts: the main checkout's ignored files copied, the project's
// setup script run; its lines go to `log`, the turn's log). The repository
// is the project's on this runner (server/projects/project-repo.ts: its
// checkout, or this runner's clone from the project's store), and a start
// commit it lacks is fetched from the store first. A worktree that
// cannot be made fails the execution, and createWorktree leaves nothing of it
// behind; a setup script that fails fails it too, the worktree kept. The
// project's main checkout is never the cwd.

export type Workspace =
  | {
      ok: true;
      /** Where the agent runs. */
      cwd: string;
      /** What that directory must resolve inside, checked again right before the spawn; null: the allowed run roots (checkRunCwd). */
      roots: readonly string[] | null;
      /** Its project and whether the person chose the shared directory (the main-checkout rule). */
      run: RunIdentity;
    }
  | { ok: false; code: ExecutionErrorCode; message: string };

type Env = Readonly<Record<string, string | undefined>>;

export async function prepareWorkspace(executionId: string, env: Env, log: WorkspaceLog = noWorkspaceLog): Promise<Workspace> {
  const execution = await prisma.execution.findUniqueOrThrow({ where: { id: executionId } });
  const [project, parent, forkSource] = await Promise.all([
    execution.projectId ? prisma.project.findUnique({ where: { id: execution.projectId } }) : null,
    execution.parentExecutionId ? prisma.execution.findUnique({ where: { id: execution.parentExecutionId } }) : null,
    execution.forkedFromExecutionId ? prisma.execution.findUnique({ where: { id: execution.forkedFromExecutionId } }) : null,
  ]);
  // Only a worktree under this runner's own root is its to reuse: another runner's on a shared disk (or a
  // lost machine's path that happens to exist) is left alone, and the line goes on from its snapshot.
  const ownRoot = parent?.worktreePath ? await realWorktreesRoot(env) : null;
  const onDisk = parent?.worktreePath && ownRoot ? isInside(parent.worktreePath, ownRoot) && (await isDirectory(parent.worktreePath)) : false;
  const placement = placeWorktree({ execution, project, parent: parent && { ...parent, onDisk }, forkSource });
  const run = { projectId: execution.projectId, sharedDirectory: execution.sharedDirectory };
  if (placement.kind === "shared" || !project) return { ok: true, cwd: execution.cwd, roots: null, run };
  try {
    const root = await ensureRoot(worktreesRoot(env));
    // The project's repository on this runner: its checkout, or this runner's clone from the store (project-repo.ts).
    const resolved = await projectRepo(project, env);
    if (!resolved.ok) return failed(resolved.error.message);
    const repo = resolved.value.repo;
    const reused = placement.kind === "reuse" ? await reuseParentWorktree(execution, placement, repo) : null;
    if (reused) return { ok: true, cwd: reused, roots: [root], run };
    if (!placement.from) return failed(`${project.id} has no base branch to start from`);
    // A snapshot another runner took, or the store's base branch, is fetched before anything is made here.
    const source = await fetchSource(resolved.value, placement.from);
    if (!source.ok) return failed(source.message);
    const spareDir = path.join(root, project.id);
    const created = await createWorktree({
      repo,
      path: worktreePathFor(root, project.id, execution.issueId, execution.id),
      branch: worktreeBranchName(execution.issueId, execution.id),
      from: placement.from,
      pinRef: startRefName(execution.id),
      spareDir,
    });
    if (!created.ok) return failed(created.error.message);
    const wt = created.value;
    await prisma.execution.update({
      where: { id: execution.id },
      data: { cwd: wt.path, worktreePath: wt.path, worktreeBranch: wt.branch, worktreeState: "present", startSha: wt.startSha },
    });
    // The next run of this project claims a checkout made meanwhile instead of writing every file.
    if (project.baseBranch) keepSpare(repo, spareDir, `refs/heads/${project.baseBranch}`);
    // Ignored files are copied from the checkout the worktree came from (a runner's own clone has none).
    const ready = await readyWorktree(execution.id, { ...project, path: repo }, wt.path, env, log);
    if (!ready.ok) return ready;
    return { ok: true, cwd: wt.path, roots: [root], run };
  } catch (error) {
    if (error instanceof GitError) return failed(error.message);
    throw error;
  }
}

/**
 * Brings the commit a new worktree starts from into this runner's repository
 * when it lacks it: a snapshot or start another runner pushed to the store;
 * in a runner's own clone, the store's base branch as it is now. A store
 * that cannot be reached, or lacks the commit, stops the turn here, before
 * anything was made.
 */
async function fetchSource(repo: ProjectRepo, from: string): Promise<{ ok: true } | { ok: false; message: string }> {
  if (from.startsWith("refs/heads/")) {
    if (!repo.clone || !repo.store) return { ok: true };
    const fetched = await fetchFromStore({ repo: repo.repo, store: repo.store, refspecs: [`+${from}:${from}`], updateHead: true });
    return fetched.ok || fetched.error.kind === "missing" ? { ok: true } : { ok: false, message: fetched.error.message };
  }
  if (!/^[0-9a-f]{40,64}$/.test(from)) return { ok: true };
  const fetched = await ensureCommits(repo.repo, repo.store, [from]);
  return fetched.ok ? { ok: true } : { ok: false, message: fetched.error.message };
}

/** Where the agent of a turn runs: a checked directory, or why it cannot run. */
export type LaunchPlace = { ok: true; cwd: string } | { ok: false; code: ExecutionErrorCode; message: string };

/** The turn's place, settled once whichever plan asks for it first (a warm process's, or a spawn's). */
export type Place = () => Promise<LaunchPlace>;

/** `log`: the turn's log, where a new worktree's copies and setup script output go. */
export function launchPlace(executionId: string, env: Env, workspaceRoots: readonly string[], log?: WorkspaceLog): Place {
  let settled: Promise<LaunchPlace> | null = null;
  return () => (settled ??= settleLaunchCwd(executionId, env, workspaceRoots, log));
}

/**
 * The directory the agent runs in: its workspace, resolved again (after
 * symlinks) right before the spawn and checked against its roots — a
 * worktree against Arbor's worktrees root, anything else against the allowed
 * run roots, the registered directories read now — and never a registered
 * project's main checkout, unless it is that project's own shared-directory
 * run (server/projects/main-checkout-rule.ts).
 */
export async function settleLaunchCwd(executionId: string, env: Env, workspaceRoots: readonly string[], log?: WorkspaceLog): Promise<LaunchPlace> {
  const workspace = await prepareWorkspace(executionId, env, log);
  if (!workspace.ok) return workspace;
  // Checked when the execution was created, but the directory may have been replaced since.
  const cwd = await checkRunCwd(workspace.cwd, workspace.run, { ...loadConfig(env), workspaceRoots }, workspace.roots ?? undefined);
  return cwd.ok ? { ok: true, cwd: cwd.real } : cwd;
}

const failed = (why: string): Workspace => ({ ok: false, code: "worktree_failed", message: `Could not make this run's git worktree: ${why}` });

/** The worktrees root as a real path (made if needed), so recorded paths are the ones the agent runs in. */
async function ensureRoot(root: string): Promise<string> {
  await mkdir(root, { recursive: true });
  return realpath(root);
}

/**
 * A Continue goes on in its parent's worktree: its start is the worktree's
 * state now, recorded as a commit (the parent's snapshot, unless someone
 * changed files there since). Null: make a new one instead (also when the
 * worktree was tampered with: then from the parent's last good snapshot).
 */
async function reuseParentWorktree(execution: Execution, reuse: { path: string; branch: string | null }, repo: string): Promise<string | null> {
  const start = await snapshotWorktree({
    repo,
    worktree: reuse.path,
    message: `arbor: state before ${execution.issueId} run ${execution.id.slice(0, 8)}\n\nExecution: ${execution.id}\n`,
    pinRef: startRefName(execution.id),
  });
  if (!start.ok) {
    console.error(`[runner] ${execution.id} does not go on in ${reuse.path}: ${start.error.message}`);
    return null;
  }
  await prisma.execution.update({
    where: { id: execution.id },
    data: { cwd: reuse.path, worktreePath: reuse.path, worktreeBranch: reuse.branch, worktreeState: "present", startSha: start.value.sha },
  });
  return reuse.path;
}

function isInside(file: string, root: string): boolean {
  const relative = path.relative(path.resolve(root), path.resolve(file));
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}
