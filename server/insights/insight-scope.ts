import "server-only";
import { z } from "zod";
import { text } from "@/lib/schemas/text";
import { requestObject } from "@/lib/schemas/common";
import type { Bucket, Drill } from "@/lib/insights/schema";
import { kindLabel, parseId, type IdKind } from "@/lib/ids";
import { invalidField, notFound, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { listAgentIds } from "@/server/agents/registry";
import { Prisma } from "@/server/generated/prisma/client";
import { dimension, dimensionCondition, dimensionParams, DIMENSIONS } from "@/server/insights/dimensions";

// Which executions a number is about: the filters shared by GET /api/insights
// and the executions list its numbers link to. Executions are in scope by
// their creation time, in [from, to) (UTC); `since` (7d, 12w, 48h, all) is the
// short form of `from`. Every dimension (dimensions.ts) is a filter of the same
// name, and so is `session` (SESS-n).

const DAY = 86_400_000;
export const DEFAULT_SINCE = "30d";

const dateParam = (name: string) =>
  text()
    .trim()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return undefined;
      const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(raw);
      const parsed = new Date(dateOnly ? `${raw}T00:00:00Z` : raw);
      if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(parsed.getTime())) {
        ctx.addIssue({ code: "custom", message: `${name} must be a date (YYYY-MM-DD) or an ISO 8601 time` });
        return z.NEVER;
      }
      // A date alone as `to` means "up to and including that day".
      return { at: parsed, dateOnly };
    });

export const scopeShape = {
  ...dimensionParams(),
  session: text()
    .trim()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return undefined;
      const id = parseId("session", raw);
      if (!id) {
        ctx.addIssue({ code: "custom", message: `"${raw.slice(0, 60)}" is not a session id (e.g. SESS-1)` });
        return z.NEVER;
      }
      return id;
    }),
  from: dateParam("from"),
  to: dateParam("to"),
  since: text()
    .trim()
    .optional()
    .refine((raw) => !raw || raw === "all" || /^[1-9]\d{0,4}[hdw]$/.test(raw), "since must look like 48h, 7d, 12w or all"),
};

export const insightsQuerySchema = requestObject({
  ...scopeShape,
  bucket: z.enum(["day", "week"], { error: "bucket must be day or week" }).optional(),
  usageBy: text()
    .optional()
    .refine((raw) => raw === undefined || DIMENSIONS.some((d) => d.id === raw && !d.multi), {
      message: `usageBy must be one of ${DIMENSIONS.filter((d) => !d.multi)
        .map((d) => d.id)
        .join(", ")}`,
    }),
});

type ScopeInput = z.output<ReturnType<typeof requestObject<typeof scopeShape>>>;

export type InsightScope = {
  /** Dimension id → value ("none": no value), plus session → SESS-n. */
  filters: Record<string, string>;
  from: Date | null;
  to: Date;
  bucket: Bucket;
};

/** Checks the ids a scope names exist (404 otherwise) and settles the date range. */
export async function resolveScope(
  input: ScopeInput,
  options: { bucket?: Bucket; now?: Date; defaultSince?: string | null } = {},
): Promise<Result<InsightScope>> {
  const filters: Record<string, string> = {};
  for (const d of DIMENSIONS) {
    const value = (input as Record<string, string | undefined>)[d.id];
    if (value !== undefined) filters[d.id] = value;
  }
  if (input.session) filters.session = input.session;

  for (const [param, kind] of [
    ["issue", "issue"],
    ["spec", "spec"],
    ["session", "session"],
  ] as const) {
    const id = filters[param];
    if (id && id !== "none" && !(await exists(kind, id))) return notFound(`${kindLabel[kind]} ${id} not found`);
  }
  if (filters.project && filters.project !== "none" && !(await prisma.project.findUnique({ where: { id: filters.project }, select: { id: true } }))) {
    return notFound(`Project ${filters.project} not found`);
  }
  if (filters.agent && filters.agent !== "none" && !listAgentIds().includes(filters.agent)) {
    const seen = await prisma.executionFacts.findFirst({ where: { agent: filters.agent }, select: { executionId: true } });
    if (!seen) return notFound(`No agent named "${filters.agent}": Arbor knows ${listAgentIds().join(", ")}`);
  }

  const now = options.now ?? new Date();
  if (input.since && input.from) return invalidField("since", "give since or from, not both");
  const to = input.to ? new Date(input.to.at.getTime() + (input.to.dateOnly ? DAY : 0)) : now;
  let from: Date | null = input.from?.at ?? null;
  const since = input.since ?? (input.from ? undefined : (options.defaultSince ?? undefined));
  if (since && since !== "all") {
    const amount = Number(since.slice(0, -1));
    const unit = since.endsWith("h") ? 3_600_000 : since.endsWith("w") ? 7 * DAY : DAY;
    from = new Date(to.getTime() - amount * unit);
  }
  if (from && from >= to) return invalidField("from", "from must be before to");
  const days = ((to.getTime() - (from?.getTime() ?? (await firstExecutionAt())?.getTime() ?? to.getTime())) / DAY) | 0;
  return ok({ filters, from, to, bucket: options.bucket ?? (days > 62 ? "week" : "day") });
}

async function exists(kind: IdKind, id: string): Promise<boolean> {
  const where = { where: { id }, select: { id: true } } as const;
  if (kind === "issue") return Boolean(await prisma.issue.findUnique(where));
  if (kind === "spec") return Boolean(await prisma.spec.findUnique(where));
  return Boolean(await prisma.session.findUnique(where));
}

async function firstExecutionAt(): Promise<Date | null> {
  const row = await prisma.executionFacts.findFirst({ orderBy: { createdAt: "asc" }, select: { createdAt: true } });
  return row?.createdAt ?? null;
}

/** The SQL condition selecting the scope's executions, over `execution_facts x JOIN issues i`. */
export function scopeWhere(scope: InsightScope, extra: Prisma.Sql[] = []): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  for (const [id, value] of Object.entries(scope.filters)) {
    if (id === "session") conditions.push(Prisma.sql`x.managed_session_id = ${value}`);
    else conditions.push(dimensionCondition(dimension(id)!, value));
  }
  if (scope.from) conditions.push(Prisma.sql`x.created_at >= ${scope.from}`);
  conditions.push(Prisma.sql`x.created_at < ${scope.to}`);
  return Prisma.join([...conditions, ...extra], " AND ");
}

/** The executions-list parameters of a scope, plus `extra` (a number's own condition). */
export function scopeDrill(scope: InsightScope, extra: Drill = {}): Drill {
  return {
    ...scope.filters,
    ...(scope.from ? { from: scope.from.toISOString() } : {}),
    to: scope.to.toISOString(),
    ...extra,
  };
}
