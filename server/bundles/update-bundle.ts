import "server-only";
import { bundleNotFoundMessage, parseBundleId } from "@/lib/bundles/ids";
import type { Bundle } from "@/lib/bundles/schema";
import { notFound, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { bundleInclude, toBundleDto } from "@/server/bundles/bundle-dto";
import { isPrismaError } from "@/server/http/prisma-errors";

export async function updateBundle(rawId: string, input: { name?: string; description?: string }): Promise<Result<Bundle>> {
  const id = parseBundleId(rawId);
  if (!id) return notFound(bundleNotFoundMessage(rawId));
  try {
    const row = await prisma.contextBundle.update({
      where: { id },
      data: { name: input.name, description: input.description },
      include: bundleInclude,
    });
    return ok(await toBundleDto(row));
  } catch (error) {
    if (isPrismaError(error, "P2025")) return notFound(bundleNotFoundMessage(rawId));
    throw error;
  }
}
