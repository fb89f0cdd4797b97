import "server-only";
import { prisma } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import { ok, type Result } from "@/lib/result";
import type { Issue, IssueListQuery } from "@/lib/issues/schema";
import type { ListResponse } from "@/lib/schemas/common";
import { titleContains } from "@/server/specs/title-search";
import { issueInclude, toIssueDto } from "./issue-dto";

/** Newest first. Filters: title search (case-insensitive), status, spec (specId "none" = no spec), project ("none" = the default workspace). */
export async function listIssues(query: IssueListQuery): Promise<Result<ListResponse<Issue>>> {
  const where: Prisma.IssueWhereInput = {};
  if (query.q) where.title = titleContains(query.q);
  if (query.status) where.status = query.status;
  if (query.specId) where.specId = query.specId === "none" ? null : query.specId;
  if (query.projectId) where.projectId = query.projectId === "none" ? null : query.projectId;
  const rows = await prisma.issue.findMany({
    where,
    orderBy: { number: "desc" },
    take: query.limit,
    include: issueInclude,
  });
  return ok({ items: rows.map(toIssueDto) });
}
