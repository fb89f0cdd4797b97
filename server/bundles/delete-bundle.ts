import "server-only";
import { bundleNotFoundMessage, parseBundleId } from "@/lib/bundles/ids";
import type { DeleteBundleResponse } from "@/lib/bundles/schema";
import { notFound, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";

/** Deletes a bundle and its items; what they name is untouched. Its number is never reused. */
export async function deleteBundle(rawId: string): Promise<Result<DeleteBundleResponse>> {
  const id = parseBundleId(rawId);
  if (!id) return notFound(bundleNotFoundMessage(rawId));
  const deleted = await prisma.contextBundle.deleteMany({ where: { id } });
  return deleted.count === 1 ? ok({ id, deleted: true as const }) : notFound(bundleNotFoundMessage(rawId));
}
