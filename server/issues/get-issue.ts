import "server-only";
import { prisma } from "@/server/db";
import { notFoundMessage, parseId } from "@/lib/ids";
import { notFound, ok, type Result } from "@/lib/result";
import type { Issue } from "@/lib/issues/schema";
import { issueInclude, toIssueDto } from "./issue-dto";

/** Finds an issue by id, case-insensitively ("issue-7" finds ISSUE-7). */
export async function getIssue(rawId: string): Promise<Result<Issue>> {
  const id = parseId("issue", rawId);
  const row = id ? await prisma.issue.findUnique({ where: { id }, include: issueInclude }) : null;
  return row ? ok(toIssueDto(row)) : notFound(notFoundMessage("issue", rawId));
}
