import "server-only";
import { BUNDLE_ENTITY_TYPES, itemHref, type BundleEntityType } from "@/lib/bundles/items";
import type { Bundle, BundleItem, BundleSummary } from "@/lib/bundles/schema";
import { prisma } from "@/server/db";
import type { ContextBundle, ContextBundleItem } from "@/server/generated/prisma/client";

export type BundleRow = ContextBundle & { items: ContextBundleItem[] };

/** Prisma `include` that gives toBundleDto what it needs, items in order. */
export const bundleInclude = { items: { orderBy: { position: "asc" } } } as const;

type EntityInfo = { title: string; status: string | null };

/** Current title and status of every spec, issue and session the items name; absent ids are missing. */
export async function describeEntities(items: readonly { entityType: BundleEntityType; entityId: string }[]): Promise<Map<string, EntityInfo>> {
  const ids = (type: BundleEntityType) => [...new Set(items.filter((i) => i.entityType === type).map((i) => i.entityId))];
  const [specIds, issueIds, sessionIds] = [ids("spec"), ids("issue"), ids("session")];
  const [specs, issues, sessions, latest] = await Promise.all([
    specIds.length ? prisma.spec.findMany({ where: { id: { in: specIds } }, select: { id: true, title: true } }) : [],
    issueIds.length ? prisma.issue.findMany({ where: { id: { in: issueIds } }, select: { id: true, title: true, status: true } }) : [],
    sessionIds.length ? prisma.session.findMany({ where: { id: { in: sessionIds } }, select: { id: true, title: true, archived: true } }) : [],
    sessionIds.length
      ? prisma.execution.findMany({
          where: { managedSessionId: { in: sessionIds } },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          distinct: ["managedSessionId"],
          select: { managedSessionId: true, status: true },
        })
      : [],
  ]);
  const latestStatus = new Map(latest.map((e) => [e.managedSessionId, e.status as string]));
  const info = new Map<string, EntityInfo>();
  for (const s of specs) info.set(`spec:${s.id}`, { title: s.title, status: null });
  for (const i of issues) info.set(`issue:${i.id}`, { title: i.title, status: i.status });
  for (const s of sessions) info.set(`session:${s.id}`, { title: s.title, status: s.archived ? "archived" : (latestStatus.get(s.id) ?? null) });
  return info;
}

export function toBundleSummary(row: ContextBundle & { items: Pick<ContextBundleItem, "entityType">[] }): BundleSummary {
  const counts = Object.fromEntries(BUNDLE_ENTITY_TYPES.map((t) => [t, 0])) as Record<BundleEntityType, number>;
  for (const item of row.items) counts[item.entityType] += 1;
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    description: row.description,
    itemCount: row.items.length,
    counts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function toBundleDto(row: BundleRow): Promise<Bundle> {
  const info = await describeEntities(row.items);
  const items: BundleItem[] = row.items.map((item) => {
    const found = info.get(`${item.entityType}:${item.entityId}`);
    const ref = { type: item.entityType, id: item.entityId };
    return {
      ...ref,
      position: item.position,
      title: found?.title ?? null,
      missing: item.entityType !== "commit" && !found,
      status: found?.status ?? null,
      href: itemHref(ref),
    };
  });
  return { ...toBundleSummary(row), items };
}
