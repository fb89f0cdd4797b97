import "server-only";
import { stat } from "node:fs/promises";
import { conflict, invalidField, ok, type Result } from "@/lib/result";
import { DEFAULT_PROJECT_KEY } from "@/lib/projects/ids";
import { prisma } from "@/server/db";
import { resolveCwd } from "@/server/executions/resolve-cwd";
import type { Project } from "@/server/generated/prisma/client";
import { catchGitErrors } from "@/server/git/git-failure";
import { resolveCommit } from "@/server/git/refs";
import { describeOperation, readRepositoryState } from "@/server/git/repository-state";

// Where a new run works, decided when it is created: its project (named, or
// the issue's, or the one registered at the directory it names, or none: the
// default workspace), its directory, and for a run in a git project that gets
// a worktree of its own, the commit it starts from. Everything is checked
// here, so a run that cannot start is a 4xx and no row; the runner makes the
// worktree itself (on its own disk) right before the agent starts.

export type RunPlaceRequest = {
  /** The issue's project, the default. */
  issueProjectId: string | null;
  /** "PROJ-2", or "default" for the default workspace. */
  projectId?: string;
  cwd?: string;
  sharedDirectory?: boolean;
  startRef?: string;
  /** A commit already chosen (a restart starts where the run it restarts started); wins over startRef. */
  startCommit?: string;
};

export type RunPlace = {
  projectId: string | null;
  /** The directory recorded at creation: the project's (the runner moves a worktree run into its worktree), or the cwd asked for. */
  cwd: string;
  sharedDirectory: boolean;
  /** The commit a worktree run starts from; null when the run gets no worktree. */
  startSha: string | null;
};

export async function resolveRunPlace(request: RunPlaceRequest): Promise<Result<RunPlace>> {
  if (request.cwd !== undefined && request.projectId !== undefined) {
    return invalidField("projectId", "name a project or a working directory (cwd), not both");
  }
  const project = await chooseProject(request);
  if (!project.ok) return project;
  if (!project.value) {
    if (request.startRef !== undefined) {
      return invalidField(
        "startRef",
        "only a run in a registered git project starts from a ref (in a worktree of its own); this run uses its directory as it is",
      );
    }
    const cwd = await resolveCwd(request.cwd);
    return cwd.ok ? ok({ projectId: null, cwd: cwd.value, sharedDirectory: false, startSha: null }) : cwd;
  }
  return placeInProject(project.value, request);
}

/** The project the run belongs to; null: none (the default workspace, or a directory no project is registered at). */
async function chooseProject(request: RunPlaceRequest): Promise<Result<Project | null>> {
  if (request.projectId === DEFAULT_PROJECT_KEY) return ok(null);
  if (request.projectId !== undefined) {
    const row = await prisma.project.findUnique({ where: { id: request.projectId } });
    return row ? ok(row) : invalidField("projectId", `Project ${request.projectId} does not exist`);
  }
  if (request.cwd !== undefined) {
    // A directory that is a registered project runs as that project (a worktree per run in git).
    const cwd = await resolveCwd(request.cwd);
    if (!cwd.ok) return cwd;
    return ok(await prisma.project.findUnique({ where: { path: cwd.value } }));
  }
  if (request.issueProjectId) return ok(await prisma.project.findUnique({ where: { id: request.issueProjectId } }));
  return ok(null);
}

async function placeInProject(project: Project, request: RunPlaceRequest): Promise<Result<RunPlace>> {
  const isDirectory = await stat(project.path).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDirectory)
    return conflict(`The directory of ${project.id}, ${project.path}, no longer exists (or is not a directory).`, { reason: "project_missing" });
  // Registered inside the roots, but checked again: the roots may have changed since.
  const cwd = await resolveCwd(project.path);
  if (!cwd.ok) return cwd;
  const place = { projectId: project.id, cwd: cwd.value };
  if (!project.isGitRepo) {
    if (request.startRef !== undefined) {
      return invalidField(
        "startRef",
        `${project.id} (${project.path}) is not a git repository: runs there use the directory as it is, so there is no ref to start from`,
      );
    }
    return ok({ ...place, sharedDirectory: false, startSha: null });
  }
  if (request.sharedDirectory) {
    if (request.startRef !== undefined) {
      return invalidField("startRef", "a shared-directory run uses the project's directory as it is: leave out either startRef or sharedDirectory");
    }
    return ok({ ...place, sharedDirectory: true, startSha: null });
  }
  return catchGitErrors(async (): Promise<Result<RunPlace>> => {
    const state = await readRepositoryState(project.path);
    if (!state) return conflict(`${project.id}'s directory ${project.path} is no longer a git repository.`, { reason: "not_a_repository" });
    if (state.operation) {
      return conflict(
        `The repository of ${project.id} at ${project.path} is ${describeOperation(state.operation)}: finish or abort it first, then run again.`,
        {
          reason: "busy",
          operation: state.operation,
        },
      );
    }
    if (request.startCommit) {
      const sha = await resolveCommit(project.path, request.startCommit);
      if (sha) return ok({ ...place, sharedDirectory: false, startSha: sha });
      return conflict(`The commit ${request.startCommit} is no longer in the repository of ${project.id} (${project.path}).`, { reason: "unknown_ref" });
    }
    const ref = request.startRef ?? project.baseBranch ?? state.branch;
    if (!ref)
      return conflict(`${project.id} has no base branch and its checkout is on a detached HEAD: name a start ref (startRef, --from).`, {
        reason: "no_base_branch",
      });
    const startSha = await resolveCommit(project.path, ref);
    if (startSha) return ok({ ...place, sharedDirectory: false, startSha });
    if (request.startRef !== undefined) return invalidField("startRef", `there is no branch, tag or commit named ${ref} in ${project.path}`);
    return conflict(
      `The base branch ${ref} of ${project.id} no longer exists in ${project.path}: choose another base branch for the project, or name a start ref.`,
      {
        reason: "base_branch_missing",
      },
    );
  });
}
