import "server-only";
import { conflict, notFound, ok, type Result } from "@/lib/result";
import { parseProjectId, projectNotFoundMessage } from "@/lib/projects/ids";
import type { DeleteProjectResponse } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { isPrismaError } from "@/server/http/prisma-errors";
import { refuseDefaultWorkspace } from "./find-project";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Unregisters a project nothing refers to. Its directory, repository,
 * branches and worktrees are left as they are. A project with specs, issues
 * or executions is a conflict that says what still uses it.
 */
export async function deleteProject(rawId: string): Promise<Result<DeleteProjectResponse>> {
  const implicit = refuseDefaultWorkspace(rawId);
  if (implicit) return implicit;
  const id = parseProjectId(rawId);
  if (!id) return notFound(projectNotFoundMessage(rawId));
  try {
    return await prisma.$transaction(async (tx): Promise<Result<DeleteProjectResponse>> => {
      // Lock the row: specs and issues being linked to it meanwhile wait for us.
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM projects WHERE id = ${id} FOR UPDATE`;
      if (locked.length === 0) return notFound(projectNotFoundMessage(rawId));
      const [specs, issues, executions] = await Promise.all([
        tx.spec.count({ where: { projectId: id } }),
        tx.issue.count({ where: { projectId: id } }),
        tx.execution.count({ where: { projectId: id } }),
      ]);
      if (specs + issues + executions > 0) {
        const uses = [specs && plural(specs, "spec"), issues && plural(issues, "issue"), executions && plural(executions, "execution")].filter(Boolean);
        const advice =
          executions > 0
            ? "executions keep the project they ran in, so a project that has run anything stays registered: archive it instead (hidden, everything kept)"
            : "move them to another project (or to none) first, or archive it instead (hidden, everything kept)";
        return conflict(`Project ${id} is still used by ${uses.join(", ")}: ${advice}`, {
          specCount: specs,
          issueCount: issues,
          executionCount: executions,
        });
      }
      await tx.project.delete({ where: { id } });
      return ok({ id, deleted: true as const });
    });
  } catch (error) {
    if (isPrismaError(error, "P2003")) return conflict(`Project ${id} is still used by other records and cannot be removed`);
    throw error;
  }
}
