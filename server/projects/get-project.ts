import "server-only";
import { stat } from "node:fs/promises";
import { branchNameProblem } from "@/lib/projects/branch-name";
import { DEFAULT_PROJECT_KEY, parseProjectId, projectNotFoundMessage } from "@/lib/projects/ids";
import type { Project, ProjectDetail, ProjectWorktree, RepositoryFacts } from "@/lib/projects/schema";
import { notFound, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { GitError } from "@/server/git/git-error";
import { branchHead } from "@/server/git/refs";
import { readRepositoryState } from "@/server/git/repository-state";
import { uncommittedFiles } from "@/server/git/uncommitted-files";
import { sessionStateUsage } from "@/server/session-state/session-state-usage";
import { describeDefaultWorkspace } from "./default-workspace";
import { projectInclude, toProjectDto } from "./project-dto";
import { listProjectWorktrees } from "./project-worktrees";

/** A project (or "default") with what its directory looks like now: repository state, worktrees, disk use, problems. */
export async function getProject(rawId: string): Promise<Result<ProjectDetail>> {
  let project: Project;
  if (rawId.trim().toLowerCase() === DEFAULT_PROJECT_KEY) project = await describeDefaultWorkspace();
  else {
    const id = parseProjectId(rawId);
    const row = id ? await prisma.project.findUnique({ where: { id }, include: projectInclude }) : null;
    if (!row) return notFound(projectNotFoundMessage(rawId));
    project = toProjectDto(row);
  }
  // The default workspace has no project row: its sessions' state is counted with no project.
  const [detail, sessionState] = await Promise.all([withLiveFacts(project), sessionStateUsage(project.id === DEFAULT_PROJECT_KEY ? null : project.id)]);
  return ok({ ...detail, sessionState });
}

async function withLiveFacts(project: Project): Promise<Omit<ProjectDetail, "sessionState">> {
  const problems: string[] = [];
  let repository: RepositoryFacts | null = null;
  let worktrees: ProjectWorktree[] = [];
  const isDirectory = await stat(project.path).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDirectory) problems.push(`The directory ${project.path} no longer exists (or is not a directory).`);
  else if (project.isGitRepo) {
    try {
      const state = await readRepositoryState(project.path);
      if (!state) problems.push(`${project.path} is no longer a git repository.`);
      else {
        const [baseHead, dirty] = await Promise.all([
          project.baseBranch ? branchHead(project.path, project.baseBranch) : Promise.resolve(null),
          uncommittedFiles(project.path, { timeoutMs: 20_000 }),
        ]);
        repository = {
          currentBranch: state.branch,
          head: state.head,
          operation: state.operation,
          baseBranchExists: baseHead !== null,
          uncommittedFiles: dirty.length,
        };
        if (project.baseBranch && !baseHead && !branchNameProblem(project.baseBranch))
          problems.push(`The base branch ${project.baseBranch} no longer exists: choose another one.`);
        if (state.operation) problems.push(`The repository is in the middle of a ${state.operation}.`);
        const notABranch = project.baseBranch ? branchNameProblem(project.baseBranch) : null;
        if (notABranch) problems.push(`The base branch ${notABranch}: choose a branch.`);
        worktrees = await listProjectWorktrees(project.path);
        for (const w of worktrees) if (w.problem && !w.archived) problems.push(w.problem);
      }
    } catch (error) {
      if (!(error instanceof GitError)) throw error;
      problems.push(error.message);
    }
  }
  return { ...project, repository, worktrees, worktreeBytes: worktrees.reduce((n, w) => n + w.bytes, 0), problems };
}
