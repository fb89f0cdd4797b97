import "server-only";
import type { Result } from "@/lib/result";
import { ok } from "@/lib/result";
import { BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION, type BundleExport } from "@/lib/bundles/schema";
import { findBundleRow } from "@/server/bundles/get-bundle";

/**
 * The portable form of a bundle: what it is called and what it names, in
 * order. No numbers, dates or titles: importing it elsewhere makes a new
 * bundle there, as long as the same ids exist.
 */
export async function exportBundle(rawId: string): Promise<Result<{ id: string; data: BundleExport }>> {
  const row = await findBundleRow(rawId);
  if (!row.ok) return row;
  const bundle = row.value;
  return ok({
    id: bundle.id,
    data: {
      format: BUNDLE_FORMAT,
      version: BUNDLE_FORMAT_VERSION,
      name: bundle.name,
      description: bundle.description,
      items: bundle.items.map((item) => ({ type: item.entityType, id: item.entityId })),
    },
  });
}

/** "BUNDLE-3-auth-feature.json" */
export function exportFileName(id: string, name: string): string {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48);
  return `${id}${slug ? `-${slug}` : ""}.json`;
}
