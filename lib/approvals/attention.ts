// What asks for a person's attention while they are on any page: an agent
// that starts waiting for a decision, a run that finishes or fails. The
// status stream (lib/executions/status-stream.ts) reports every execution
// update here; notifications and sounds (components/approvals/attention-notifier.tsx)
// listen. Isomorphic and small: a pure rule and a listener set.

import type { ExecutionDto } from "@/lib/executions/schema";

export type AttentionEvent =
  | { kind: "approval"; executionId: string; issueId: string; approvalId: string; summary: string }
  | { kind: "finished" | "failed"; executionId: string; issueId: string; prompt: string; refusedActions: number | null };

type Seen = { status: ExecutionDto["status"]; approvalId: string | null };

const RUNNING: ReadonlySet<ExecutionDto["status"]> = new Set(["queued", "running"]);

/**
 * The event an update is worth, given what this page saw of the execution
 * before (undefined: nothing — an old run's update is no news, but a new
 * request for a decision is).
 */
export function attentionOf(before: Seen | undefined, after: ExecutionDto): AttentionEvent | null {
  const approvalId = after.waitingFor?.approvalId ?? null;
  if (approvalId && approvalId !== before?.approvalId) {
    return { kind: "approval", executionId: after.id, issueId: after.issueId, approvalId, summary: after.waitingFor?.summary ?? "" };
  }
  if (!before || !RUNNING.has(before.status) || RUNNING.has(after.status)) return null;
  if (after.status === "cancelled") return null; // the person's own doing
  return {
    kind: after.status === "completed" ? "finished" : "failed",
    executionId: after.id,
    issueId: after.issueId,
    prompt: after.prompt,
    refusedActions: after.refusedActions,
  };
}

const seen = new Map<string, Seen>();
const listeners = new Set<(event: AttentionEvent) => void>();

/** Called for every execution update the page hears; tells listeners what deserves attention. */
export function noteExecutionUpdate(execution: ExecutionDto): AttentionEvent | null {
  const event = attentionOf(seen.get(execution.id), execution);
  seen.set(execution.id, { status: execution.status, approvalId: execution.waitingFor?.approvalId ?? null });
  if (event) for (const listener of listeners) listener(event);
  return event;
}

export function subscribeAttention(listener: (event: AttentionEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
