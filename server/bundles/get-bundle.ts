import "server-only";
import { bundleNotFoundMessage, parseBundleId } from "@/lib/bundles/ids";
import type { Bundle } from "@/lib/bundles/schema";
import { notFound, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { bundleInclude, toBundleDto, type BundleRow } from "@/server/bundles/bundle-dto";

/** The stored row with its items in order ("bundle-3" finds BUNDLE-3). */
export async function findBundleRow(rawId: string): Promise<Result<BundleRow>> {
  const id = parseBundleId(rawId);
  const row = id ? await prisma.contextBundle.findUnique({ where: { id }, include: bundleInclude }) : null;
  return row ? ok(row) : notFound(bundleNotFoundMessage(rawId));
}

export async function getBundle(rawId: string): Promise<Result<Bundle>> {
  const row = await findBundleRow(rawId);
  return row.ok ? ok(await toBundleDto(row.value)) : row;
}
