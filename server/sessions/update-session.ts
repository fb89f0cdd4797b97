import "server-only";
import { notFoundMessage, parseId } from "@/lib/ids";
import { notFound, type Result } from "@/lib/result";
import type { SessionDetail, UpdateSessionData } from "@/lib/sessions/schema";
import { prisma } from "@/server/db";
import { syncReferences } from "@/server/references/sync-references";
import { getSession } from "@/server/sessions/get-session";

/** Renames, describes, archives or unarchives a session; references in the description are stored with it. */
export async function updateSession(rawRef: string, input: UpdateSessionData): Promise<Result<SessionDetail>> {
  const id = parseId("session", rawRef);
  if (!id) return notFound(notFoundMessage("session", rawRef));
  const found = await prisma.$transaction(async (tx) => {
    const updated = await tx.session.updateMany({
      where: { id },
      data: { title: input.title, description: input.description, archived: input.archived },
    });
    if (updated.count === 0) return false;
    if (input.description !== undefined) await syncReferences(tx, { type: "session", id }, input.description);
    return true;
  });
  if (!found) return notFound(notFoundMessage("session", rawRef));
  return getSession(id);
}
