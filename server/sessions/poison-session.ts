import "server-only";
import type { PoisonReason } from "@/lib/sessions/schema";
import { prisma } from "@/server/db";

// A poisoned session is one resuming is pointless for: its last turn no
// longer fit the context window, the CLI crashed resuming it, or a person
// said so (PATCH /api/sessions/:ref {poisoned}). Later turns go fresh with
// Arbor's transcript (resolve-resume-decision.ts); a person can clear the mark.

/** The session columns of a poison mark (or of none). */
export function poisonFields(poison: { reason: PoisonReason; message: string | null } | null) {
  return poison
    ? { poisonedAt: new Date(), poisonedReason: poison.reason, poisonedMessage: poison.message }
    : { poisonedAt: null, poisonedReason: null, poisonedMessage: null };
}

/** Marks the Session of an agent session (when it has one). */
export async function poisonAgentSession(agent: string, agentSessionId: string, reason: PoisonReason, message: string | null): Promise<void> {
  await prisma.session.updateMany({ where: { agent, agentSessionId }, data: poisonFields({ reason, message }) });
}
