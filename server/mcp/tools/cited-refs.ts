import "server-only";
import type { ReferenceType } from "@/lib/references/parse";
import { prisma } from "@/server/db";

/** What an issue or spec cites and what cites it: the "links" get_issue and get_spec show. */
export async function citedRefs(source: { type: ReferenceType; id: string }): Promise<{ cites: string[]; citedBy: string[] }> {
  const [out, incoming] = await Promise.all([
    prisma.entityReference.findMany({ where: { sourceType: source.type, sourceId: source.id }, select: { targetId: true }, orderBy: { createdAt: "asc" } }),
    prisma.entityReference.findMany({ where: { targetType: source.type, targetId: source.id }, select: { sourceId: true }, orderBy: { createdAt: "asc" } }),
  ]);
  return { cites: out.map((r) => r.targetId), citedBy: incoming.map((r) => r.sourceId) };
}

export function linksText(links: { cites: string[]; citedBy: string[] }): string[] {
  return [
    links.cites.length ? `Cites: ${links.cites.join(", ")}` : "Cites nothing.",
    links.citedBy.length ? `Referenced by: ${links.citedBy.join(", ")}` : null,
  ].filter((line): line is string => line !== null);
}
