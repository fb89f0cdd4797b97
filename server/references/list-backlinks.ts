import "server-only";
import { parseReferenceId, referenceHref, type Reference } from "@/lib/references/parse";
import { notFound, ok, type Result } from "@/lib/result";
import type { Backlink, BacklinksResponse } from "@/lib/references/schema";
import { prisma } from "@/server/db";

/** Which specs, issues and sessions cite `target` ("SESS-1", any case): one indexed query on entity_references. */
export async function listBacklinks(rawTarget: string): Promise<Result<BacklinksResponse>> {
  const target = parseReferenceId(rawTarget);
  if (!target) {
    const shown = rawTarget.length > 60 ? `${rawTarget.slice(0, 60)}…` : rawTarget;
    return notFound(`"${shown}" is not a reference target: use an id like SPEC-1, ISSUE-1 or SESS-1`);
  }
  const refs = await prisma.entityReference.findMany({
    where: { targetType: target.type, targetId: target.id },
    select: { sourceType: true, sourceId: true },
  });
  const idsOf = (type: string) => refs.filter((r) => r.sourceType === type).map((r) => r.sourceId);
  const [specs, issues, sessions] = await Promise.all([
    idsOf("spec").length ? prisma.spec.findMany({ where: { id: { in: idsOf("spec") } }, select: { id: true, title: true, updatedAt: true } }) : [],
    idsOf("issue").length ? prisma.issue.findMany({ where: { id: { in: idsOf("issue") } }, select: { id: true, title: true, updatedAt: true } }) : [],
    idsOf("session").length ? prisma.session.findMany({ where: { id: { in: idsOf("session") } }, select: { id: true, title: true, updatedAt: true } }) : [],
  ]);
  const link = (type: Reference["type"], row: { id: string; title: string; updatedAt: Date }): Backlink => ({
    type,
    id: row.id,
    title: row.title,
    href: referenceHref({ type, id: row.id }),
    updatedAt: row.updatedAt.toISOString(),
  });
  const items = [...specs.map((r) => link("spec", r)), ...issues.map((r) => link("issue", r)), ...sessions.map((r) => link("session", r))].sort(
    (a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id),
  );
  return ok({ target: target.id, items });
}
