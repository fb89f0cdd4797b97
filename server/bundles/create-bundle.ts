import "server-only";
import type { BundleItemRef } from "@/lib/bundles/items";
import type { Bundle } from "@/lib/bundles/schema";
import { ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { bundleInclude, toBundleDto } from "@/server/bundles/bundle-dto";
import { checkReferences } from "@/server/bundles/check-references";
import { nextBundleId } from "@/server/bundles/next-bundle-id";

export type NewBundle = { name: string; description: string; items: BundleItemRef[] };

/**
 * Creates a bundle with its items in one transaction: every reference is
 * checked first and unknown ones are reported together (422), so a bundle
 * is stored whole or not at all. Import uses this too.
 */
export async function createBundle(input: NewBundle): Promise<Result<Bundle>> {
  const checked = await checkReferences(input.items);
  if (!checked.ok) return checked;
  const row = await prisma.$transaction(async (tx) => {
    const { id, number } = await nextBundleId(tx);
    await tx.contextBundle.create({ data: { id, number, name: input.name, description: input.description } });
    if (input.items.length > 0) {
      await tx.contextBundleItem.createMany({
        data: input.items.map((item, position) => ({ bundleId: id, entityType: item.type, entityId: item.id, position })),
      });
    }
    return tx.contextBundle.findUniqueOrThrow({ where: { id }, include: bundleInclude });
  });
  return ok(await toBundleDto(row));
}
