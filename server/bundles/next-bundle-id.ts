import "server-only";
import { formatBundleId } from "@/lib/bundles/ids";
import type { Prisma } from "@/server/generated/prisma/client";
import { nextNumber } from "@/server/ids/next-number";

/** "BUNDLE-<n>" from the counters table, inside the inserting transaction (never reused). */
export async function nextBundleId(tx: Prisma.TransactionClient): Promise<{ id: string; number: number }> {
  const number = await nextNumber(tx, "bundle");
  return { id: formatBundleId(number), number };
}
