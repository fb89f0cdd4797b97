import "server-only";
import { ok, type Result } from "@/lib/result";
import type { UpdateProjectData } from "@/lib/projects/schema";
import type { Project } from "@/lib/projects/types";
import { prisma } from "@/server/db";
import { catchGitErrors } from "@/server/git/git-failure";
import { readRepositoryState } from "@/server/git/repository-state";
import { checkAgent } from "./check-agent";
import { chooseBaseBranch } from "./choose-base-branch";
import { findProject, refuseDefaultWorkspace } from "./find-project";
import { projectInclude, toProjectDto } from "./project-dto";

/** Renames a project, or changes its base branch (which must exist), default agent (null clears it) or whether Apply runs the repository's hooks. */
export async function updateProject(rawId: string, input: UpdateProjectData): Promise<Result<Project>> {
  const implicit = refuseDefaultWorkspace(rawId);
  if (implicit) return implicit;
  const found = await findProject(rawId);
  if (!found.ok) return found;
  const agent = checkAgent(input.defaultAgent);
  if (!agent.ok) return agent;
  const project = found.value;
  if (input.baseBranch !== undefined) {
    const checked = await catchGitErrors(async () => {
      const git = await readRepositoryState(project.path);
      return chooseBaseBranch({ path: project.path, git }, input.baseBranch);
    });
    if (!checked.ok) return checked;
  }
  const row = await prisma.project.update({
    where: { id: project.id },
    data: { name: input.name, baseBranch: input.baseBranch, defaultAgent: input.defaultAgent, runHooksOnApply: input.runHooksOnApply },
    include: projectInclude,
  });
  return ok(toProjectDto(row));
}
