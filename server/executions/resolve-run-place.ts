import "server-only";
import { realpath } from "node:fs/promises";
import { conflict, invalidField, ok, type Result } from "@/lib/result";
import { DEFAULT_PROJECT_KEY } from "@/lib/projects/ids";
import { loadConfig, type ArborConfig } from "@/server/config/load-config";
import { prisma } from "@/server/db";
import { resolveCwd } from "@/server/executions/resolve-cwd";
import { isWithin } from "@/server/projects/directory-relation";
import { describeClash, mainCheckoutProblem, projectClash, type RegisteredDirectory } from "@/server/projects/main-checkout-rule";
import { registeredDirectories } from "@/server/projects/registered-directories";
import { outsideRootsMessage, realDirectory } from "@/server/projects/workspace-directories";
import type { Project } from "@/server/generated/prisma/client";
import { catchGitErrors } from "@/server/git/git-failure";
import { resolveCommit } from "@/server/git/refs";
import { PLAIN_BRANCH } from "@/server/git/branch-from-files";
import { describeOperation, readRepositoryAtBranch, readRepositoryState, type RepositoryState } from "@/server/git/repository-state";

import { adoptRepository, type RegisteredProject } from "@/server/executions/adopt-repository";

// Where a new run works, decided when it is created: its project (named, or
// the one registered at the directory it names, or the issue's, or none: the
// default workspace), its directory, and for a run in a git project that gets
// a worktree of its own, the commit it starts from. Everything is checked
// here, so a run that cannot start is a 4xx and no row; the runner makes the
// worktree itself (on its own disk) right before the agent starts, and checks
// the directory again then. No run writes into a registered project's main
// checkout, whatever directory it was given, unless the person chose that
// project's shared directory (server/projects/main-checkout-rule.ts). A cwd
// inside a git repository that is no project registers the repository on
// first use (adopt-repository.ts): its runs then get worktrees like any
// project's, and `sharedDirectory` stays the explicit opt-out (the run works
// in the repository's checkout itself).

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
  /** The project registered for this run's cwd, a git repository no project had (adopt-repository.ts). */
  registeredProject?: RegisteredProject;
};

export async function resolveRunPlace(request: RunPlaceRequest): Promise<Result<RunPlace>> {
  if (request.cwd !== undefined && request.projectId !== undefined) {
    return invalidField("projectId", "name a project or a working directory (cwd), not both");
  }
  const config = loadConfig();
  // Read now: a directory registered a moment ago counts (registering it is the person's consent).
  const registered = await registeredDirectories();
  const chosen = await chooseProject(request, registered, config);
  if (!chosen.ok) return chosen;
  if ("project" in chosen.value) {
    const { project, registeredProject } = chosen.value;
    const placed = await placeInProject(project, request, registered, config);
    return placed.ok && registeredProject ? ok({ ...placed.value, registeredProject }) : placed;
  }
  if (request.startRef !== undefined) {
    return invalidField(
      "startRef",
      "only a run in a registered git project starts from a ref (in a worktree of its own); this run uses its directory as it is",
    );
  }
  const cwd = chosen.value.cwd;
  // The default workspace is never a project's directory, nor around or inside one (registration refuses that),
  // but ARBOR_WORKSPACE may have moved since.
  const problem = mainCheckoutProblem(cwd, { projectId: null, sharedDirectory: false }, registered);
  if (problem) return conflict(`This run would use the default workspace, but ${problem}`, { reason: "workspace_overlaps_project" });
  return ok({ projectId: null, cwd, sharedDirectory: false, startSha: null });
}

/**
 * The project the run belongs to, or the directory it works in without one
 * (the default workspace, or a cwd inside the workspace roots). A cwd that is
 * a registered project's directory runs as that project (a worktree per run
 * in git); one inside or around a project's directory is refused: it would
 * write into that project's main checkout.
 */
async function chooseProject(
  request: RunPlaceRequest,
  registered: readonly RegisteredDirectory[],
  config: ArborConfig,
): Promise<Result<{ project: Project; registeredProject?: RegisteredProject } | { cwd: string }>> {
  const byId = async (id: string) => prisma.project.findUnique({ where: { id } });
  if (request.projectId === DEFAULT_PROJECT_KEY) return resolveCwd(undefined, config).then((r) => (r.ok ? ok({ cwd: r.value }) : r));
  if (request.projectId !== undefined) {
    const row = await byId(request.projectId);
    return row ? ok({ project: row }) : invalidField("projectId", `Project ${request.projectId} does not exist`);
  }
  if (request.cwd !== undefined) {
    const real = await realDirectory(request.cwd, config);
    if (!real.ok) return real;
    const clash = projectClash(real.value, registered);
    if (clash?.relation === "same") {
      const row = await byId(clash.project.id);
      if (row) return ok({ project: row });
    }
    if (clash) return invalidField("cwd", describeClash(real.value, clash));
    const adopted = await adoptRepository(real.value);
    if (adopted) return ok({ project: adopted.row, registeredProject: adopted.registered });
    const cwd = await resolveCwd(request.cwd, config);
    return cwd.ok ? ok({ cwd: cwd.value }) : cwd;
  }
  const own = request.issueProjectId ? await byId(request.issueProjectId) : null;
  if (own) return ok({ project: own });
  const workspace = await resolveCwd(undefined, config);
  return workspace.ok ? ok({ cwd: workspace.value }) : workspace;
}

async function placeInProject(
  project: Project,
  request: RunPlaceRequest,
  registered: readonly RegisteredDirectory[],
  config: ArborConfig,
): Promise<Result<RunPlace>> {
  if (project.archivedAt) {
    return conflict(
      `${project.id} (${project.name}) is archived: unarchive it on its page (or \`arbor project unarchive ${project.id}\`) to run there again.`,
      {
        reason: "project_archived",
      },
    );
  }
  const real = await realDirectory(project.path, config);
  if (!real.ok) return conflict(`The directory of ${project.id}, ${project.path}, no longer exists (or is not a directory).`, { reason: "project_missing" });
  // The operator may have capped the directories agents work in since it was registered.
  if (config.workspaceCap && !(await insideCap(real.value, config.workspaceCap))) {
    return conflict(outsideRootsMessage(`The directory of ${project.id}, ${real.value},`, config.workspaceCap, config), { reason: "outside_roots" });
  }
  const place = { projectId: project.id, cwd: real.value };
  if (!project.isGitRepo || request.sharedDirectory) {
    // No worktree of its own: it works in the directory itself, which must hold no other project.
    const problem = mainCheckoutProblem(real.value, { projectId: project.id, sharedDirectory: request.sharedDirectory === true }, registered);
    if (problem) return conflict(problem, { reason: "overlaps_project" });
  }
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
    // The common case, a run from the project's base branch: the repository and the branch's commit in one git call.
    // A plain branch name is read as is; anything else is resolved the general way (resolveCommit).
    const fromBase = !request.startCommit && request.startRef === undefined && project.baseBranch && PLAIN_BRANCH.test(project.baseBranch);
    const atBase = fromBase ? await readRepositoryAtBranch(project.path, project.baseBranch!) : null;
    const state = atBase ? atBase.state : await readRepositoryState(project.path);
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
    if (atBase?.commit) return ok({ ...place, sharedDirectory: false, startSha: atBase.commit });
    // Else as for any ref (a start ref, the checkout's branch; the base branch again, for its message).
    const ref = request.startRef ?? project.baseBranch ?? (state as RepositoryState).branch;
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

/** Whether a real directory lies inside one of the operator's roots (resolved, as registration resolved them). */
async function insideCap(real: string, cap: readonly string[]): Promise<boolean> {
  const roots = await Promise.all(cap.map((root) => realpath(root).catch(() => root)));
  return roots.some((root) => isWithin(real, root));
}
