"use client";

// The session page's conversation: every turn in order, each with the
// person's prompt, the agent's answer, the tools it used, how it ended, and a
// link to the turn's own page (its whole log, diff and controls).
import { ExecutionStatusBadge } from "@/components/ui/execution-status-badge";
import { Markdown } from "@/components/markdown";
import { ErrorAlert } from "@/components/ui/alert";
import { Section } from "@/components/ui/section";
import { LoadingBlock } from "@/components/ui/states";
import { ExecutionLink } from "@/components/ui/text-link";
import { RelativeTime } from "@/components/ui/time";
import { cn } from "@/lib/cn";
import type { ExecutionDto } from "@/lib/executions/schema";
import { formatCost, formatDuration, shortId } from "@/lib/executions/format";
import { useSessionConversation } from "@/lib/sessions/hooks";
import type { ConversationTurn, SessionDetail } from "@/lib/sessions/schema";
import { VERDICT_LABEL } from "@/components/outcomes/outcome-words";

/** How a turn joined the conversation, in words. */
export function turnKind(execution: ExecutionDto, index: number): string {
  const transcript = execution.resume?.decision === "fresh_with_transcript";
  if (execution.parentExecutionId) return transcript ? "next turn, from Arbor's transcript" : "next turn";
  if (execution.forkedFromExecutionId) return transcript ? "branched off, from Arbor's transcript" : "branched off";
  if (execution.restartedFromExecutionId) return transcript ? "started again, with the conversation" : "started again";
  return index === 0 ? "first turn" : "turn";
}

/** "Bash ×2 · Read · 3 files" */
function toolsLine(turn: ConversationTurn): string {
  const parts = turn.tools.map((t) => (t.count > 1 ? `${t.tool} ×${t.count}` : t.tool));
  if (turn.fileCount) parts.push(turn.fileCount === 1 ? "1 file" : `${turn.fileCount} files`);
  return parts.join(" · ");
}

function Answer({ execution, turn }: { execution: ExecutionDto; turn: ConversationTurn | undefined }) {
  const live = execution.status === "queued" || execution.status === "running";
  if (turn?.answer) {
    return (
      <div
        data-slot="turn-answer"
        className={cn(
          "max-h-96 overflow-y-auto rounded-md px-3 py-2",
          turn.answerIsError ? "bg-red-50 text-red-900 dark:bg-red-950/50 dark:text-red-200" : "bg-zinc-50 dark:bg-zinc-800/50",
        )}
      >
        <Markdown className="text-sm">{turn.answer}</Markdown>
      </div>
    );
  }
  if (live)
    return (
      <p className="text-sm text-zinc-500">
        {execution.status === "queued" ? "Waiting to start" : "The agent is working"}:{" "}
        <ExecutionLink id={execution.id} underline mono={false}>
          watch it live
        </ExecutionLink>
        .
      </p>
    );
  if (execution.error) return <p className="text-sm text-red-700 dark:text-red-400">{execution.error.message}</p>;
  return <p className="text-sm text-zinc-500">{turn ? "The agent said nothing." : "…"}</p>;
}

function Turn({ execution, index, turn, head }: { execution: ExecutionDto; index: number; turn: ConversationTurn | undefined; head: boolean }) {
  const tools = turn ? toolsLine(turn) : "";
  return (
    <li className="space-y-2 px-4 py-3" aria-label={`Turn ${index + 1}`} data-execution-id={execution.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="text-xs font-semibold text-zinc-500 dark:text-zinc-400">Turn {index + 1}</span>
        <ExecutionLink id={execution.id} aria-label={`Open turn ${index + 1}, execution #${shortId(execution.id)}`} />
        <ExecutionStatusBadge status={execution.status} />
        <span className="text-xs text-zinc-500">{turnKind(execution, index)}</span>
        {head ? (
          <span
            title="The session's latest turn: a Continue goes on from here"
            className="rounded bg-emerald-50 px-1.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
          >
            latest
          </span>
        ) : null}
        {turn?.mark ? (
          <span data-slot="turn-mark" className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
            {VERDICT_LABEL[turn.mark]}
          </span>
        ) : null}
        <span className="ml-auto text-xs text-zinc-500">
          {execution.usage?.durationMs != null ? `${formatDuration(execution.usage.durationMs)} · ` : ""}
          {execution.usage?.costUsd != null ? `${formatCost(execution.usage.costUsd)} · ` : ""}
          <RelativeTime iso={execution.finishedAt ?? execution.startedAt ?? execution.createdAt} />
        </span>
      </div>
      <div className="rounded-md border-l-4 border-emerald-500 bg-emerald-50/70 px-3 py-2 text-sm dark:bg-emerald-950/40">
        <span className="sr-only">Prompt: </span>
        <p className="max-h-40 overflow-y-auto whitespace-pre-wrap break-words">{execution.prompt}</p>
      </div>
      <Answer execution={execution} turn={turn} />
      {tools ? (
        <p className="text-xs text-zinc-500 dark:text-zinc-400" data-slot="turn-tools" title={turn?.files.join("\n") || undefined}>
          Used {tools}
          {turn?.errorCount ? <span className="text-red-700 dark:text-red-400"> · {turn.errorCount} failed</span> : null}
        </p>
      ) : null}
    </li>
  );
}

export function SessionConversation({ session }: { session: SessionDetail }) {
  const conversation = useSessionConversation(session.id);
  const byId = new Map((conversation.data?.turns ?? []).map((t) => [t.executionId, t]));
  return (
    <Section id="session-conversation-heading" title="Conversation" count={session.executions.length}>
      {session.executions.length === 0 ? (
        <p className="text-sm text-zinc-500">No turns recorded for this session.</p>
      ) : (
        <>
          {conversation.isPending ? <LoadingBlock label="Loading the answers…" /> : null}
          {conversation.isError ? <ErrorAlert title="Could not load the answers">{conversation.error.message}</ErrorAlert> : null}
          <ol
            aria-label={`Conversation of ${session.id}`}
            className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
          >
            {session.executions.map((e, index) => (
              <Turn key={e.id} execution={e} index={index} turn={byId.get(e.id)} head={e.id === session.headExecutionId} />
            ))}
          </ol>
        </>
      )}
    </Section>
  );
}
