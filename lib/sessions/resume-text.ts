import type { PoisonReason, SessionSummary } from "@/lib/sessions/schema";

// The words for whether a session can still be resumed: its poison mark and
// its health (the session page, the follow-up form and the server's refusal
// say the same thing; a turn's own resume badge: lib/executions/resume-text.ts).
// Pure and isomorphic.

export const POISON_TEXT: Record<PoisonReason, string> = {
  context_window_exceeded: "its last turn no longer fit the model's context window",
  resume_failed: "the agent failed to resume it",
  marked_by_person: "marked by a person",
};

export function poisonText(poison: NonNullable<SessionSummary["poisoned"]>): string {
  return `${POISON_TEXT[poison.reason] ?? poison.reason}${poison.message ? `: ${poison.message}` : ""}`;
}

/** Whether the agent still has the session, as far as Arbor knows: a fact (health) when checked, else the age-based guess. */
export function sessionAvailability(session: Pick<SessionSummary, "health" | "expiry">): "available" | "expired" | "may_have_expired" | "unknown" {
  if (session.health) return session.health.state === "available" ? "available" : "expired";
  return session.expiry.mayHaveExpired ? "may_have_expired" : "unknown";
}
