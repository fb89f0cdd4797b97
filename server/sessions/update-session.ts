import "server-only";
import { notFoundMessage, parseId } from "@/lib/ids";
import { notFound, type Result } from "@/lib/result";
import type { SessionDetail, UpdateSessionData } from "@/lib/sessions/schema";
import { prisma } from "@/server/db";
import { syncReferences } from "@/server/references/sync-references";
import { getSession } from "@/server/sessions/get-session";
import { announce, notice } from "@/server/realtime/announce";
import { poisonFields } from "@/server/sessions/poison-session";

/**
 * Renames, describes, archives or unarchives a session, or marks it poisoned
 * (later turns go fresh with Arbor's transcript) or clears that mark, or
 * turns warm sessions off (or on again) for it; references in the
 * description are stored with it.
 */
export async function updateSession(rawRef: string, input: UpdateSessionData): Promise<Result<SessionDetail>> {
  const id = parseId("session", rawRef);
  if (!id) return notFound(notFoundMessage("session", rawRef));
  const found = await prisma.$transaction(async (tx) => {
    const updated = await tx.session.updateMany({
      where: { id },
      data: {
        title: input.title,
        description: input.description,
        archived: input.archived,
        keepWarm: input.keepWarm,
        ...(input.poisoned === undefined ? {} : poisonFields(input.poisoned ? { reason: "marked_by_person", message: input.poisonNote || null } : null)),
      },
    });
    if (updated.count === 0) return false;
    if (input.description !== undefined) await syncReferences(tx, { type: "session", id }, input.description);
    // Its runner closes a warm process at once (delivered at commit): warm sessions turned off, or poisoned.
    if (input.keepWarm === false || input.poisoned === true) {
      const session = await tx.session.findUniqueOrThrow({ where: { id }, select: { agentSessionId: true } });
      await announce(tx, notice.warmOff(session.agentSessionId));
    }
    return true;
  });
  if (!found) return notFound(notFoundMessage("session", rawRef));
  return getSession(id);
}
