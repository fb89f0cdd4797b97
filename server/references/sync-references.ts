import "server-only";
import type { Prisma } from "@/server/generated/prisma/client";
import { parseReferences, type ReferenceType } from "@/lib/references/parse";

export type ReferenceSource = { type: ReferenceType; id: string };

/**
 * Makes the stored references of `source` match what `text` cites. Call it in
 * the transaction that saves the text, so the table never disagrees with it.
 * An entity citing itself is not stored; targets need not exist (ids are
 * never reused, so a reference to an id not yet taken only ever means that entity).
 */
export async function syncReferences(tx: Prisma.TransactionClient, source: ReferenceSource, text: string): Promise<void> {
  const targets = parseReferences(text).filter((r) => !(r.type === source.type && r.id === source.id));
  // Only what the text cited follows the text: an agent's `cite` (origin "agent") stays.
  await tx.entityReference.deleteMany({
    where: {
      sourceType: source.type,
      sourceId: source.id,
      origin: "text",
      ...(targets.length ? { NOT: { OR: targets.map((t) => ({ targetType: t.type, targetId: t.id })) } } : {}),
    },
  });
  if (targets.length) {
    await tx.entityReference.createMany({
      data: targets.map((t) => ({ sourceType: source.type, sourceId: source.id, targetType: t.type, targetId: t.id })),
      skipDuplicates: true,
    });
  }
}

/** Forgets everything `source` cited (it is being deleted). References *to* it stay: the citing text still names it. */
export async function deleteReferencesFrom(tx: Prisma.TransactionClient, source: ReferenceSource): Promise<void> {
  await tx.entityReference.deleteMany({ where: { sourceType: source.type, sourceId: source.id } });
}
