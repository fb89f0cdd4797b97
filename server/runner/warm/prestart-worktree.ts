import { randomBytes } from "node:crypto";
import { realpath } from "node:fs/promises";
import path from "node:path";
import { prisma } from "@/server/db";
import type { Project } from "@/server/generated/prisma/client";
import { createWorktree } from "@/server/git/create-worktree";
import { resolveCommit } from "@/server/git/refs";
import { removeWorktree } from "@/server/git/remove-worktree";
import { isPrestartPath, prestartWorktree } from "@/server/git/worktree-names";
import { projectRepo } from "@/server/projects/project-repo";
import { worktreesRoot } from "@/server/projects/worktrees-root";
import { copyIgnoredFiles } from "@/server/runner/workspace/copy-files";

// Where a pre-started agent waits (prestart-pool.ts): a worktree of the
// project's base, on a branch arbor/prestart/<hex> that becomes the run's own
// when a run takes it, with the project's ignored files copied in as a run's
// worktree has them.

export type PrestartWorktree = { repo: string; cwd: string; branch: string; baseSha: string; undo: () => Promise<void> };

/** A new worktree at the base branch's commit; null (logged when it is worth saying) when there can be none. */
export async function makePrestartWorktree(
  project: Project & { baseBranch: string },
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<PrestartWorktree | null> {
  const resolved = await projectRepo(project, env);
  if (!resolved.ok) return null;
  const repo = resolved.value.repo;
  const baseSha = await resolveCommit(repo, `refs/heads/${project.baseBranch}`);
  if (!baseSha) return null;
  const root = worktreesRoot(env);
  const named = prestartWorktree(root, project.id, randomBytes(6).toString("hex"));
  const created = await createWorktree({ repo, path: named.path, branch: named.branch, from: baseSha, spareDir: path.join(root, project.id) });
  if (!created.ok) {
    log(`pre-started agent for ${project.id}: no worktree: ${created.error.message}`);
    return null;
  }
  const cwd = await realpath(created.value.path);
  const branch = created.value.branch;
  const undo = () =>
    removeWorktree({ repo, path: cwd, branch, deleteBranch: true }).then(
      () => {},
      () => {},
    );
  await copyIgnoredFiles({ repo, worktree: cwd, copyFiles: project.copyFiles, log: () => {} }).catch(() => {});
  return { repo, cwd, branch, baseSha, undo };
}

/** A worktree a previous process of this runner pre-started and no run took. */
export async function removePrestartLeftover(projectId: string, cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  const [project, used] = await Promise.all([
    prisma.project.findUnique({ where: { id: projectId } }),
    prisma.execution.count({ where: { worktreePath: cwd } }),
  ]);
  if (!project || used > 0) return;
  const resolved = await projectRepo(project, env);
  if (!resolved.ok) return;
  if (!isPrestartPath(cwd)) return;
  const { branch } = prestartWorktree(path.dirname(path.dirname(cwd)), projectId, path.basename(cwd).replace(/^prestart-/, ""));
  await removeWorktree({ repo: resolved.value.repo, path: cwd, branch, deleteBranch: true }).catch(() => {});
}
