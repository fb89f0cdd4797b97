"use client";

// The top of an execution's conversation: what needs the person first (the
// cards), then the turn's prompt, shown from the execution itself the moment
// the page opens, before the agent has printed anything.
import { StartFreshActions, ResumeBadge } from "@/components/execution/execution-resume";
import { ExecutionApprovals } from "@/components/approvals/execution-approvals";
import { ErrorAlert } from "@/components/ui/alert";
import { ExecutionLink } from "@/components/ui/text-link";
import type { ExecutionDto, SessionTreeNode } from "@/lib/executions/schema";

/**
 * Cards above the conversation: what the person must know or do about this
 * turn (it waits for an earlier one, it failed and how to go on, it carried
 * Arbor's transcript instead of the agent's memory). Cards that ask the
 * person for something (an approval) belong here too, first.
 */
export function ConversationCards({ execution, restarts }: { execution: ExecutionDto; restarts: SessionTreeNode[] }) {
  const sessionGone = execution.error?.code === "session_not_found";
  const carriedTranscript = execution.resume?.decision === "fresh_with_transcript" || execution.resume?.reason === "worktree_gone";
  return (
    <div data-slot="conversation-cards" className="space-y-3 empty:hidden">
      {/* What the agent waits for a person to decide, decided in place (components/approvals/). */}
      <ExecutionApprovals executionId={execution.id} waiting={execution.waitingFor !== null} />
      {execution.waitingForExecutionId ? (
        <p role="status" className="rounded-md border border-zinc-200 bg-zinc-100 px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-800">
          Queued as the next turn: starts when <ExecutionLink id={execution.waitingForExecutionId} /> finishes.
        </p>
      ) : null}
      {carriedTranscript ? <ResumeBadge execution={execution} /> : null}
      {execution.error ? (
        <ErrorAlert title={sessionGone ? "Session expired or not found" : execution.status === "cancelled" ? "Cancelled" : "The execution failed"}>
          <p className="whitespace-pre-wrap">{execution.error.message}</p>
          {restarts.length ? (
            <p className="mt-2" data-slot="restarted-as">
              {restarts.some((r) => r.resume?.reason === "resume_rejected") ? "The conversation goes on in " : "Restarted as "}
              {restarts.map((r, i) => (
                <span key={r.id}>
                  {i ? ", " : ""}
                  <ExecutionLink id={r.id} />
                </span>
              ))}
              .
            </p>
          ) : null}
          {sessionGone || execution.status === "failed" || execution.status === "interrupted" ? (
            <StartFreshActions execution={execution} primary={sessionGone && restarts.length === 0} />
          ) : null}
        </ErrorAlert>
      ) : null}
    </div>
  );
}

/** The turn's prompt as the person wrote it, and which cited specs and issues went along with it. */
export function TurnPrompt({ execution }: { execution: ExecutionDto }) {
  return (
    <div data-testid="turn-prompt" className="rounded-md border-l-4 border-emerald-500 bg-emerald-50/70 px-3 py-2 text-sm dark:bg-emerald-950/40">
      <div className="text-xs font-semibold uppercase tracking-wide text-emerald-800 dark:text-emerald-300">Prompt</div>
      <p className="max-h-72 overflow-y-auto whitespace-pre-wrap break-words">{execution.prompt}</p>
      {execution.expandedReferences.length ? (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">Sent with the current text of {execution.expandedReferences.join(", ")}.</p>
      ) : null}
    </div>
  );
}
