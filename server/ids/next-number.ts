import "server-only";
import type { Prisma } from "@/server/generated/prisma/client";
import { formatId, type IdKind } from "@/lib/ids";

/** Counters of ids that are not entity references (IdKind): "BUNDLE-3". */
export type CounterName = "bundle" | "project" | "approval" | "group";

/**
 * Takes the next number for a kind of id from the `counters` table, atomically.
 * Call it inside the transaction that inserts the row: the counter row stays
 * locked until that transaction ends, and a rolled-back insert gives its number back,
 * so a number that was ever committed is never handed out again (even after a delete).
 */
export async function nextNumber(tx: Prisma.TransactionClient, kind: IdKind | CounterName): Promise<number> {
  const rows = await tx.$queryRaw<{ value: number }[]>`
    INSERT INTO counters (name, value) VALUES (${kind}, 1)
    ON CONFLICT (name) DO UPDATE SET value = counters.value + 1
    RETURNING value`;
  const value = rows[0]?.value;
  if (typeof value !== "number") throw new Error(`counter "${kind}" returned no value`);
  return value;
}

/** Allocates the next human-readable id ("SPEC-4") and its number. */
export async function nextId(tx: Prisma.TransactionClient, kind: IdKind): Promise<{ id: string; number: number }> {
  const number = await nextNumber(tx, kind);
  return { id: formatId(kind, number), number };
}
