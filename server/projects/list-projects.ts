import "server-only";
import { ok, type Result } from "@/lib/result";
import type { ProjectListResponse } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { describeDefaultWorkspace } from "./default-workspace";
import { projectInclude, toProjectDto } from "./project-dto";

/** Registered projects by name (the active ones, or with `archived` the archived ones), and the implicit default workspace beside them. */
export async function listProjects(query: { limit: number; archived?: boolean }): Promise<Result<ProjectListResponse>> {
  const [rows, defaultWorkspace] = await Promise.all([
    prisma.project.findMany({
      where: { archivedAt: query.archived ? { not: null } : null },
      orderBy: [{ name: "asc" }, { number: "asc" }],
      take: query.limit,
      include: projectInclude,
    }),
    describeDefaultWorkspace(),
  ]);
  return ok({ items: rows.map(toProjectDto), defaultWorkspace });
}
