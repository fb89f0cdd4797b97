import { cn } from "@/lib/cn";
import type { SessionSummary } from "@/lib/sessions/schema";

const pill = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap";

export function ArchivedBadge({ className }: { className?: string }) {
  return <span className={cn(pill, "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300", className)}>Archived</span>;
}

export function ExpiredBadge({ session, className }: { session: Pick<SessionSummary, "expiry" | "agent">; className?: string }) {
  if (!session.expiry.mayHaveExpired) return null;
  return (
    <span
      title={expiryText(session)}
      className={cn(pill, "bg-amber-50 text-amber-800 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-400/30", className)}
    >
      May have expired
    </span>
  );
}

const AGENT_NAMES: Record<string, string> = { claude: "Claude Code", command: "Command" };

export function agentName(agent: string): string {
  return AGENT_NAMES[agent] ?? agent;
}

/** Why a session is flagged, in a sentence. */
export function expiryText(session: Pick<SessionSummary, "expiry" | "agent">): string {
  const days = session.expiry.retentionDays;
  return `${agentName(session.agent)} deletes session transcripts unused for ${days ?? "some"} days, and this session's last activity is older than that: a Continue or Fork may fail with "session not found" (you can then start fresh with the same prompt).`;
}
