import "server-only";
import { bundleNotFoundMessage, parseBundleId } from "@/lib/bundles/ids";
import { itemKey, type BundleItemRef } from "@/lib/bundles/items";
import type { Bundle } from "@/lib/bundles/schema";
import { err, notFound, ok, type Result } from "@/lib/result";
import { BUNDLE_ITEMS_MAX } from "@/lib/bundles/schema";
import { prisma } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import { bundleInclude, toBundleDto } from "@/server/bundles/bundle-dto";
import { checkReferences } from "@/server/bundles/check-references";

/**
 * PUT /api/bundles/:id/items: the bundle's items become exactly `items`, in
 * that order (this is how the UI reorders and removes). The items it does not
 * hold yet are checked first; nothing changes unless all are known. Items it
 * already holds are kept as they are even when what they name was deleted
 * since, so such an item never blocks reordering or removing the others.
 */
export async function setBundleItems(rawId: string, items: BundleItemRef[]): Promise<Result<Bundle>> {
  return withLockedBundle(rawId, async (tx, id) => {
    const existing = await tx.contextBundleItem.findMany({ where: { bundleId: id }, select: { entityType: true, entityId: true } });
    const have = new Set(existing.map((i) => itemKey({ type: i.entityType, id: i.entityId })));
    const checked = await checkReferences(items.filter((item) => !have.has(itemKey(item))));
    if (!checked.ok) return checked;
    await tx.contextBundleItem.deleteMany({ where: { bundleId: id } });
    await insertItems(tx, id, items, 0);
    return ok(undefined);
  });
}

/**
 * POST /api/bundles/:id/items: appends `items` after the existing ones.
 * Items the bundle already holds stay where they are (adding is idempotent).
 */
export async function addBundleItems(rawId: string, items: BundleItemRef[]): Promise<Result<Bundle>> {
  const checked = await checkReferences(items);
  if (!checked.ok) return checked;
  return withLockedBundle(rawId, async (tx, id) => {
    const existing = await tx.contextBundleItem.findMany({ where: { bundleId: id }, orderBy: { position: "asc" } });
    const have = new Set(existing.map((i) => itemKey({ type: i.entityType, id: i.entityId })));
    const fresh = items.filter((item) => !have.has(itemKey(item)));
    if (existing.length + fresh.length > BUNDLE_ITEMS_MAX) {
      return err({ code: "validation_failed", message: `items: a bundle holds at most ${BUNDLE_ITEMS_MAX} items (it has ${existing.length})` });
    }
    const next = existing.length === 0 ? 0 : existing[existing.length - 1].position + 1;
    await insertItems(tx, id, fresh, next);
    return ok(undefined);
  });
}

async function insertItems(tx: Prisma.TransactionClient, bundleId: string, items: BundleItemRef[], from: number): Promise<void> {
  if (items.length === 0) return;
  await tx.contextBundleItem.createMany({
    data: items.map((item, i) => ({ bundleId, entityType: item.type, entityId: item.id, position: from + i })),
  });
}

/** Runs `change` with the bundle row locked (concurrent edits of one bundle queue up), then returns the bundle. */
async function withLockedBundle(rawId: string, change: (tx: Prisma.TransactionClient, id: string) => Promise<Result<void>>): Promise<Result<Bundle>> {
  const id = parseBundleId(rawId);
  if (!id) return notFound(bundleNotFoundMessage(rawId));
  const result = await prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM context_bundles WHERE id = ${id} FOR UPDATE`;
    if (locked.length === 0) return notFound(bundleNotFoundMessage(rawId));
    const changed = await change(tx, id);
    if (!changed.ok) return changed;
    return ok(await tx.contextBundle.update({ where: { id }, data: { updatedAt: new Date() }, include: bundleInclude }));
  });
  return result.ok ? ok(await toBundleDto(result.value)) : result;
}
