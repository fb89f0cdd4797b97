import "server-only";
import { prisma } from "@/server/db";
import { ok, type Result } from "@/lib/result";
import type { Spec, SpecListQuery } from "@/lib/specs/schema";
import type { ListResponse } from "@/lib/schemas/common";
import { specInclude, toSpecDto } from "./spec-dto";
import { titleContains } from "./title-search";

/** Newest first; `q` matches the title case-insensitively; projectId "none": the default workspace's. */
export async function listSpecs(query: SpecListQuery): Promise<Result<ListResponse<Spec>>> {
  const rows = await prisma.spec.findMany({
    where: {
      ...(query.q ? { title: titleContains(query.q) } : {}),
      ...(query.projectId ? { projectId: query.projectId === "none" ? null : query.projectId } : {}),
    },
    orderBy: { number: "desc" },
    take: query.limit,
    include: specInclude,
  });
  return ok({ items: rows.map(toSpecDto) });
}
