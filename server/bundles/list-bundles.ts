import "server-only";
import type { BundleSummary } from "@/lib/bundles/schema";
import { ok, type Result } from "@/lib/result";
import type { ListResponse } from "@/lib/schemas/common";
import { prisma } from "@/server/db";
import { toBundleSummary } from "@/server/bundles/bundle-dto";

/** Most recently changed first; `q` matches the name case-insensitively. */
export async function listBundles(query: { q?: string; limit: number }): Promise<Result<ListResponse<BundleSummary>>> {
  const rows = await prisma.contextBundle.findMany({
    where: query.q ? { name: { contains: query.q.replace(/[\\%_]/g, "\\$&"), mode: "insensitive" } } : undefined,
    orderBy: [{ updatedAt: "desc" }, { number: "desc" }],
    take: query.limit,
    include: { items: { select: { entityType: true } } },
  });
  return ok({ items: rows.map(toBundleSummary) });
}
