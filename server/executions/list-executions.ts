import "server-only";
import { z } from "zod";
import { executionStatusesParam, type ExecutionListItem } from "@/lib/executions/schema";
import { parseId } from "@/lib/ids";
import { requestObject } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";
import { ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { toExecutionDto } from "@/server/executions/execution-dto";
import { validate } from "@/server/http/validation";

export const listExecutionsQuery = requestObject({
  status: executionStatusesParam,
  issueId: text()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const id = parseId("issue", value);
      if (!id) {
        ctx.addIssue({ code: "custom", message: `"${value.slice(0, 60)}" is not an issue id (e.g. ISSUE-1)` });
        return z.NEVER;
      }
      return id;
    }),
  limit: z.coerce.number().int().min(1, "limit is 1 at least").max(200, "limit is 200 at most").default(20),
});

/**
 * Executions across issues, newest first: GET /api/executions?status=running,queued&limit=20.
 * Each carries its issue's title, for lists that span issues (the home page).
 * (With any Insights filter the route lists server/insights/list-filtered-executions.ts instead.)
 */
export async function listExecutions(query: Record<string, string>): Promise<Result<{ items: ExecutionListItem[] }>> {
  const parsed = validate(listExecutionsQuery, query);
  if (!parsed.ok) return parsed;
  const { status, issueId, limit } = parsed.value;
  const rows = await prisma.execution.findMany({
    where: { ...(status ? { status: { in: status } } : {}), ...(issueId ? { issueId } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    include: { issue: { select: { title: true } } },
  });
  return ok({ items: rows.map(({ issue, ...row }) => ({ ...toExecutionDto(row), issueTitle: issue.title })) });
}
