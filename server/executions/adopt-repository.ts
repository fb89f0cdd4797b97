import "server-only";
import { prisma } from "@/server/db";
import type { Project } from "@/server/generated/prisma/client";
import { GitError } from "@/server/git/git-error";
import { readRepositoryState } from "@/server/git/repository-state";
import { createProject } from "@/server/projects/create-project";

// A run given a cwd inside a git repository that is no registered project:
// naming that directory is the person's consent to agents working there, and
// sharing one checkout between lines of work lets a Fork rewrite the
// original's files. So the repository's top level is registered as a project
// on first use (server/projects/create-project.ts, with every rule of
// registration: inside the operator's cap, not around or inside the default
// workspace, the data directory or another project, not mid-rebase) and the
// run gets a worktree like any project's (or, with sharedDirectory, works in
// the repository's checkout, the project's shared directory). When
// registration refuses (say, the repository lies in the default workspace),
// the run works in its directory as before, checked as any such run is.

export type RegisteredProject = { id: string; name: string; path: string };

/** The project registered now for the repository around `real` (a real directory), or null: not git, or registration refused. */
export async function adoptRepository(real: string): Promise<{ row: Project; registered: RegisteredProject } | null> {
  let topLevel: string;
  try {
    const git = await readRepositoryState(real, { discover: true });
    if (!git) return null;
    topLevel = git.topLevel;
  } catch (error) {
    // git missing or failing here: the run goes on as a plain directory's.
    if (error instanceof GitError) return null;
    throw error;
  }
  const created = await createProject({ path: topLevel });
  // Registered by another request a moment ago: create-project.ts's conflict names it, and that one is used.
  const raced = created.ok ? null : created.error.details?.projectId;
  const id = created.ok ? created.value.id : typeof raced === "string" ? raced : null;
  const row = id ? await prisma.project.findUnique({ where: { id } }) : null;
  if (!row) return null;
  return { row, registered: { id: row.id, name: row.name, path: row.path } };
}
