import type { LogEntry } from "@/lib/executions/log-entries";

type ApprovalEntry = Extract<LogEntry, { type: "approval" }>;

const DECIDED: Record<ApprovalEntry["status"], string> = {
  pending: "waits for you",
  allowed: "Allowed",
  denied: "Denied",
  cancelled: "Cancelled",
  expired: "Expired",
};

/**
 * The audit trail of a decision in a turn's log: the agent asked (the live
 * card above the conversation is where a person decides), then who allowed
 * or denied it, for how long, and what the agent was told.
 */
export function ApprovalLogEntry({ entry }: { entry: ApprovalEntry }) {
  const what = entry.kind === "plan" ? "a plan" : entry.kind === "question" ? "a question" : "to run";
  if (entry.phase === "requested") {
    return (
      <p className="text-sm text-amber-800 dark:text-amber-300" data-slot="approval-requested">
        <span aria-hidden="true">⏸ </span>
        The agent asked {what}: <code className="font-mono text-xs">{entry.summary}</code>
        {entry.approvalId ? <span className="text-xs text-zinc-500"> ({entry.approvalId})</span> : null}
      </p>
    );
  }
  const scope = entry.status === "allowed" && entry.scope && entry.scope !== "once" ? ` for this ${entry.scope}` : "";
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300" data-slot="approval-decided">
      <span aria-hidden="true">{entry.status === "allowed" ? "✓ " : "✗ "}</span>
      {DECIDED[entry.status]}
      {scope}
      {entry.decidedBy ? ` by ${entry.decidedBy}` : ""}: <code className="font-mono text-xs">{entry.summary}</code>
      {entry.message ? <span className="block text-xs text-zinc-500">Told the agent: {entry.message}</span> : null}
    </p>
  );
}
