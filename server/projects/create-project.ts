import "server-only";
import { loopData } from "./loop-data";
import { fullPolicy } from "@/server/permissions/set-project-policy";
import path from "node:path";
import { conflict, ok, type Result } from "@/lib/result";
import { formatProjectId } from "@/lib/projects/ids";
import type { CreateProjectData, Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { catchGitErrors } from "@/server/git/git-failure";
import { isPrismaError } from "@/server/http/prisma-errors";
import { nextNumber } from "@/server/ids/next-number";
import { checkAgent } from "./check-agent";
import { chooseBaseBranch } from "./choose-base-branch";
import { inspectDirectory } from "./inspect-directory";
import { projectInclude, toProjectDto } from "./project-dto";

const alreadyRegistered = (dir: string, existing: { id: string; name: string }) =>
  conflict(`${dir} is already registered as ${existing.id} (${existing.name})`, { projectId: existing.id });

/** Registers a directory as a project: checked, git detected, base branch chosen; a new PROJ-n. */
export async function createProject(input: CreateProjectData): Promise<Result<Project>> {
  const agent = checkAgent(input.defaultAgent);
  if (!agent.ok) return agent;
  const directory = await inspectDirectory(input.path);
  if (!directory.ok) return directory;
  const dir = directory.value.path;
  const existing = await prisma.project.findUnique({ where: { path: dir }, select: { id: true, name: true } });
  if (existing) return alreadyRegistered(dir, existing);
  const baseBranch = await catchGitErrors(() => chooseBaseBranch(directory.value, input.baseBranch));
  if (!baseBranch.ok) return baseBranch;

  try {
    const row = await prisma.$transaction(async (tx) => {
      const number = await nextNumber(tx, "project");
      return tx.project.create({
        data: {
          id: formatProjectId(number),
          number,
          name: input.name ?? (path.basename(dir) || dir),
          path: dir,
          isGitRepo: directory.value.git !== null,
          baseBranch: baseBranch.value,
          defaultAgent: input.defaultAgent ?? null,
          runHooksOnApply: input.runHooksOnApply ?? false,
          mcp: input.mcp ?? true,
          ...loopData(input),
          permissions: input.permissions ? fullPolicy(input.permissions) : undefined,
        },
        include: projectInclude,
      });
    });
    return ok(toProjectDto(row));
  } catch (error) {
    // Registered by someone else meanwhile.
    if (isPrismaError(error, "P2002")) {
      const raced = await prisma.project.findUnique({ where: { path: dir }, select: { id: true, name: true } });
      if (raced) return alreadyRegistered(dir, raced);
    }
    throw error;
  }
}
