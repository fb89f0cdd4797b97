import { agentName } from "@/lib/agents/names";
import { cn } from "@/lib/cn";
import { poisonText, sessionAvailability } from "@/lib/sessions/resume-text";
import type { SessionSummary } from "@/lib/sessions/schema";

const pill = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap";

export function ArchivedBadge({ className }: { className?: string }) {
  return <span className={cn(pill, "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300", className)}>Archived</span>;
}

/** "Expired" when the runner found the agent's transcript gone (a fact), else "May have expired" from its age; plus "Poisoned". */
export function ExpiredBadge({ session, className }: { session: Pick<SessionSummary, "expiry" | "agent" | "health" | "poisoned">; className?: string }) {
  const availability = sessionAvailability(session);
  const amber = cn(pill, "bg-amber-50 text-amber-800 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-400/30", className);
  return (
    <>
      {availability === "expired" ? (
        <span
          title="The agent no longer has this session (its transcript is gone): a Continue carries Arbor's copy of the conversation instead."
          className={amber}
        >
          Expired
        </span>
      ) : availability === "may_have_expired" ? (
        <span title={expiryText(session)} className={amber}>
          May have expired
        </span>
      ) : null}
      {session.poisoned ? (
        <span title={`Marked poisoned: ${poisonText(session.poisoned)}. Later turns start a fresh session carrying Arbor's transcript.`} className={amber}>
          Not resumed
        </span>
      ) : null}
    </>
  );
}

/** Why a session is flagged, in a sentence. */
export function expiryText(session: Pick<SessionSummary, "expiry" | "agent">): string {
  const days = session.expiry.retentionDays;
  return `${agentName(session.agent)} deletes session transcripts unused for ${days ?? "some"} days, and this session's last activity is older than that: if it is gone, a Continue or Fork carries Arbor's transcript of the conversation into a fresh session instead.`;
}
