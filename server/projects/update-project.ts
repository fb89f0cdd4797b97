import "server-only";
import { invalidField, ok, type Result } from "@/lib/result";
import type { Project, UpdateProjectData } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { DEFAULT_PROJECT_KEY } from "@/lib/projects/ids";
import { fullPolicy, setProjectPolicy } from "@/server/permissions/set-project-policy";
import { describeDefaultWorkspace } from "./default-workspace";
import { catchGitErrors } from "@/server/git/git-failure";
import { readRepositoryState } from "@/server/git/repository-state";
import { checkAgent } from "./check-agent";
import { chooseBaseBranch } from "./choose-base-branch";
import { findProject, refuseDefaultWorkspace } from "./find-project";
import { projectInclude, toProjectDto } from "./project-dto";
import { loopData } from "./loop-data";

/**
 * Renames a project, or changes its base branch (which must exist), default
 * agent (null clears it), whether Apply runs the repository's hooks, whether
 * its runs get Arbor's MCP server, its permission policy (null: each agent's
 * default), or archives it (hidden from lists and pickers, no new runs; its
 * specs, issues, executions, worktrees and snapshots kept) or brings it back.
 * The default workspace takes only a policy.
 */
export async function updateProject(rawId: string, input: UpdateProjectData): Promise<Result<Project>> {
  // The default workspace has one setting of its own: what agents may do there.
  const { permissions, ...rest } = input;
  if (rawId.trim().toLowerCase() === DEFAULT_PROJECT_KEY && input.mcp !== undefined) {
    // Its runs have no project row for the runner to read a switch from.
    return invalidField("mcp", "the default workspace's runs always get Arbor's MCP server: register the directory as a project to turn it off");
  }
  if (rawId.trim().toLowerCase() === DEFAULT_PROJECT_KEY && permissions !== undefined && Object.values(rest).every((v) => v === undefined)) {
    await setProjectPolicy(null, permissions);
    return ok(await describeDefaultWorkspace());
  }
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
    data: {
      name: input.name,
      baseBranch: input.baseBranch,
      defaultAgent: input.defaultAgent,
      runHooksOnApply: input.runHooksOnApply,
      mcp: input.mcp,
      ...loopData(input),
      ...(permissions === undefined ? {} : { permissions: permissions === null ? Prisma.DbNull : fullPolicy(permissions) }),
      // Archiving keeps the first date; unarchiving clears it.
      ...(input.archived === undefined ? {} : { archivedAt: input.archived ? (project.archivedAt ?? new Date()) : null }),
    },
    include: projectInclude,
  });
  return ok(toProjectDto(row));
}
