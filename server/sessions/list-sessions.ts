import "server-only";
import { ok, type Result } from "@/lib/result";
import type { SessionListQuery, SessionSummary } from "@/lib/sessions/schema";
import type { ListResponse } from "@/lib/schemas/common";
import { Prisma } from "@/server/generated/prisma/client";
import { containsPattern, selectSessions } from "@/server/sessions/session-rows";

/** Most recently active first. `q` searches title and description (case-insensitive); archived: false (default), true, all. */
export async function listSessions(query: SessionListQuery): Promise<Result<ListResponse<SessionSummary>>> {
  const conditions: Prisma.Sql[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(Prisma.sql`(s.title ILIKE ${pattern} OR s.description ILIKE ${pattern})`);
  }
  if (query.agent) conditions.push(Prisma.sql`s.agent = ${query.agent}`);
  if (query.archived === "true") conditions.push(Prisma.sql`s.archived`);
  if (query.archived === "false") conditions.push(Prisma.sql`NOT s.archived`);
  const where = conditions.length ? Prisma.join(conditions, " AND ") : Prisma.sql`TRUE`;
  return ok({ items: await selectSessions(where, query.limit) });
}
