import "server-only";
import { conflict, notFound, ok, type Result } from "@/lib/result";
import { DEFAULT_PROJECT_KEY, parseProjectId, projectNotFoundMessage } from "@/lib/projects/ids";
import { prisma } from "@/server/db";
import type { Project } from "@/server/generated/prisma/client";

/** The project row for "PROJ-2" (any case), or a 404 naming it. */
export async function findProject(rawId: string): Promise<Result<Project>> {
  const id = parseProjectId(rawId);
  const row = id ? await prisma.project.findUnique({ where: { id } }) : null;
  return row ? ok(row) : notFound(projectNotFoundMessage(rawId));
}

/** PATCH/DELETE of "default": the implicit project has nothing to edit. */
export function refuseDefaultWorkspace(rawId: string): Result<never> | null {
  if (rawId.trim().toLowerCase() !== DEFAULT_PROJECT_KEY) return null;
  return conflict("The default workspace is implicit: it cannot be edited or removed. Set ARBOR_WORKSPACE to move it, or register a project.");
}
