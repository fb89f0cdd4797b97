import "server-only";
import { z } from "zod";
import { text } from "@/lib/schemas/text";
import { requestObject } from "@/lib/schemas/common";
import type { FilteredExecutions } from "@/lib/insights/schema";
import { UUID } from "@/lib/ids";
import { notFound, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { toExecutionDto } from "@/server/executions/execution-dto";
import { Prisma } from "@/server/generated/prisma/client";
import { validate } from "@/server/http/validation";
import { dimensionParams } from "@/server/insights/dimensions";
import { drillConditions, drillShape } from "@/server/insights/drill-conditions";
import { resolveScope, scopeShape, scopeWhere } from "@/server/insights/insight-scope";
import { FACTS } from "@/server/insights/run-aggregate";
import { MARK_JOINS } from "@/server/outcomes/outcome-signals";

// The executions behind an Insights number: GET /api/executions with any of
// Insights' filters (and the drill conditions of drill-conditions.ts) selects
// from execution_facts with the very SQL the number was counted with.

const listShape = {
  ...scopeShape,
  ...drillShape,
  /** The plain list's name of `issue`, parsed the same way. */
  issueId: dimensionParams().issue!,
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit is 1 at least")
    .max(200, "limit is 200 at most")
    .default(50),
  /** The last execution of the previous page (newest first). */
  before: text().trim().regex(UUID, "before must be an execution id").optional(),
};

const listQuery = requestObject(listShape);

/** The parameters that make GET /api/executions a filtered (Insights) list. */
const FILTER_PARAMS: ReadonlySet<string> = new Set([...Object.keys(scopeShape), ...Object.keys(drillShape), "before"]);

/** Whether GET /api/executions was asked with any of Insights' filters (then it lists with listFilteredExecutions). */
export function isFilteredQuery(query: Record<string, string>): boolean {
  return Object.keys(query).some((key) => FILTER_PARAMS.has(key));
}

/** Newest first, `limit` per page, with the total count of matches. */
export async function listFilteredExecutions(query: Record<string, string>): Promise<Result<FilteredExecutions>> {
  const parsed = validate(listQuery, query);
  if (!parsed.ok) return parsed;
  // issueId is the plain list's name of the issue filter; errors name the parameter the person sent.
  const { limit, before, issueId, ...rest } = parsed.value;
  const filters = issueId && !(rest as Record<string, unknown>).issue ? { ...rest, issue: issueId } : rest;
  const scope = await resolveScope(filters, { defaultSince: null });
  if (!scope.ok) return scope;
  const where = scopeWhere(scope.value, drillConditions(filters));
  let cursor = Prisma.sql`TRUE`;
  if (before) {
    const last = await prisma.executionFacts.findUnique({ where: { executionId: before.toLowerCase() }, select: { createdAt: true } });
    if (!last) return notFound(`Execution ${before} not found (before)`);
    cursor = Prisma.sql`(x.created_at, x.execution_id) < (${last.createdAt}, ${before.toLowerCase()}::uuid)`;
  }
  const [page, counted] = await Promise.all([
    prisma.$queryRaw<{ id: string }[]>`
      SELECT x.execution_id::text AS id FROM ${FACTS} ${MARK_JOINS}
       WHERE ${where} AND ${cursor}
       ORDER BY x.created_at DESC, x.execution_id DESC
       LIMIT ${limit + 1}`,
    prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM ${FACTS} ${MARK_JOINS} WHERE ${where}`,
  ]);
  const ids = page.slice(0, limit).map((r) => r.id);
  const rows = await prisma.execution.findMany({ where: { id: { in: ids } }, include: { issue: { select: { title: true } } } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = ids
    .map((id) => byId.get(id))
    .filter((r) => r !== undefined)
    .map(({ issue, ...row }) => ({ ...toExecutionDto(row), issueTitle: issue.title }));
  return ok({ items, total: counted[0]?.n ?? 0, nextBefore: page.length > limit ? ids[ids.length - 1] : null });
}
