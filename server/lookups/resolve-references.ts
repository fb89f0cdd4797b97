import "server-only";
import { parseReferenceId, referenceHref, type Reference } from "@/lib/references/parse";
import { invalidField, ok, type Result } from "@/lib/result";
import type { ReferenceSummary, ResolveReferencesResponse } from "@/lib/references/schema";
import { prisma } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { selectSessions } from "@/server/sessions/session-rows";

export const RESOLVE_MAX = 100;

/** Summaries (title, status, last activity) of the given ids; null for ids no entity has. */
export async function resolveReferences(rawIds: string[]): Promise<Result<ResolveReferencesResponse>> {
  const refs: Reference[] = [];
  for (const raw of rawIds) {
    const ref = parseReferenceId(raw);
    if (!ref) return invalidField("ids", `"${raw.slice(0, 40)}" is not an id like SPEC-1, ISSUE-1 or SESS-1`);
    if (!refs.some((r) => r.id === ref.id)) refs.push(ref);
  }
  if (refs.length > RESOLVE_MAX) return invalidField("ids", `At most ${RESOLVE_MAX} ids at once`);
  const ids = (type: Reference["type"]) => refs.filter((r) => r.type === type).map((r) => r.id);

  const [specs, issues, sessions] = await Promise.all([
    ids("spec").length ? prisma.spec.findMany({ where: { id: { in: ids("spec") } }, select: { id: true, title: true, updatedAt: true } }) : [],
    ids("issue").length ? prisma.issue.findMany({ where: { id: { in: ids("issue") } }, select: { id: true, title: true, status: true, updatedAt: true } }) : [],
    ids("session").length ? selectSessions(Prisma.sql`s.id IN (${Prisma.join(ids("session"))})`, RESOLVE_MAX) : [],
  ]);
  const items: Record<string, ReferenceSummary | null> = Object.fromEntries(refs.map((r) => [r.id, null]));
  const summary = (ref: Reference, title: string, status: string | null, lastActivityAt: string): ReferenceSummary => ({
    ...ref,
    title,
    status,
    lastActivityAt,
    href: referenceHref(ref),
  });
  for (const s of specs) items[s.id] = summary({ type: "spec", id: s.id }, s.title, null, s.updatedAt.toISOString());
  for (const i of issues) items[i.id] = summary({ type: "issue", id: i.id }, i.title, i.status, i.updatedAt.toISOString());
  for (const s of sessions) {
    const status = s.archived ? "archived" : s.latestStatus;
    items[s.id] = { ...summary({ type: "session", id: s.id }, s.title, status, s.lastActivityAt), mayHaveExpired: s.expiry.mayHaveExpired };
  }
  return ok({ items });
}
