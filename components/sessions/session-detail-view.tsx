"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent, type ReactNode } from "react";
import { ExecutionStatusBadge } from "@/components/executions/execution-status-badge";
import { FollowUpForm } from "@/components/executions/follow-up-form";
import { InsightsLink } from "@/components/insights/insights-link";
import { Markdown } from "@/components/markdown";
import { MarkdownEditor } from "@/components/markdown-editor";
import { ReferencedBy } from "@/components/references/referenced-by";
import { agentName, ArchivedBadge, ExpiredBadge, expiryText } from "@/components/sessions/session-badges";
import { ErrorAlert } from "@/components/ui/alert";
import { StatusBadge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, TextInput } from "@/components/ui/field";
import { LoadingBlock } from "@/components/ui/states";
import { RelativeTime } from "@/components/ui/time";
import { isApiError } from "@/lib/api-client";
import type { ExecutionDto } from "@/lib/execution-types";
import { excerpt, formatCost, shortId } from "@/lib/format-execution";
import { useSession, useUpdateSession } from "@/lib/hooks/use-sessions";
import { queryKeys } from "@/lib/query-keys";
import { BODY_MAX, TITLE_MAX } from "@/lib/schemas/common";
import type { SessionDetail } from "@/lib/session-types";

const link = "rounded font-medium text-emerald-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-400";

export function SessionDetailView({ id }: { id: string }) {
  const session = useSession(id, { live: true });
  if (session.isPending) return <LoadingBlock label="Loading session…" />;
  if (session.isError) {
    return (
      <div className="space-y-4">
        <ErrorAlert title={isApiError(session.error) && session.error.status === 404 ? "Session not found" : "Could not load the session"}>
          {session.error.message}
        </ErrorAlert>
        <Link href="/sessions" className="text-sm font-medium text-emerald-700 underline dark:text-emerald-400">
          Back to sessions
        </Link>
      </div>
    );
  }
  return <SessionDetailBody session={session.data} />;
}

function SessionDetailBody({ session }: { session: SessionDetail }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateSession(session.id);

  return (
    <article className="space-y-8">
      <header className="space-y-2">
        <nav aria-label="Breadcrumb" className="text-sm text-zinc-500 dark:text-zinc-400">
          <Link href="/sessions" className="hover:underline">
            Sessions
          </Link>{" "}
          / <span className="font-mono">{session.id}</span>
        </nav>
        {editing ? (
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">Edit {session.id}</h1>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <h1 className="text-2xl font-semibold tracking-tight break-words text-zinc-900 dark:text-zinc-50">{session.title}</h1>
            <div className="flex shrink-0 gap-2">
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button
                variant="secondary"
                disabled={update.isPending}
                aria-busy={update.isPending && update.variables?.archived !== undefined}
                onClick={() => update.mutate({ archived: !session.archived })}
              >
                {session.archived ? "Unarchive" : "Archive"}
              </Button>
            </div>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          {session.latestStatus ? <ExecutionStatusBadge status={session.latestStatus} /> : null}
          {session.archived ? <ArchivedBadge /> : null}
          <ExpiredBadge session={session} />
          <span>
            {agentName(session.agent)} on{" "}
            <Link href={`/issues/${session.issue.id}`} className="font-medium text-zinc-700 hover:underline dark:text-zinc-300">
              {session.issue.id} · {session.issue.title}
            </Link>
          </span>
          <span>
            · started <RelativeTime iso={session.createdAt} /> · last activity <RelativeTime iso={session.lastActivityAt} />
          </span>
          <InsightsLink filters={{ session: session.id }} />
        </div>
        {!editing && update.isError ? <ErrorAlert>{update.error.message}</ErrorAlert> : null}
      </header>

      {session.expiry.mayHaveExpired ? (
        <div role="note" data-slot="session-expired" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200">
          <p className="font-medium">This session may have expired</p>
          <p className="mt-1">{expiryText(session)}</p>
        </div>
      ) : null}

      {editing ? (
        <EditSession session={session} onDone={() => setEditing(false)} />
      ) : (
        <section aria-label="Description" className="rounded-lg border border-zinc-200 bg-white px-5 py-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <Markdown emptyText="No description yet. Edit the session to say what it explored or decided.">{session.description}</Markdown>
        </section>
      )}

      <SessionFacts session={session} />
      <SessionExecutions session={session} />
      <SessionFollowUp session={session} />
      <ChildSessions session={session} />
      <ReferencedBy target={session.id} />
    </article>
  );
}

function EditSession({ session, onDone }: { session: SessionDetail; onDone: () => void }) {
  const update = useUpdateSession(session.id);
  const [title, setTitle] = useState(session.title);
  const [description, setDescription] = useState(session.description);
  const fieldErrors = isApiError(update.error) ? update.error.fieldErrors : {};
  const titleError = !title.trim() ? "Title is required" : fieldErrors.title?.[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    update.mutate({ title, description }, { onSuccess: onDone });
  };
  return (
    <form aria-label="Edit session" className="space-y-4" onSubmit={submit}>
      <Field id="session-title" label="Title" error={titleError}>
        <TextInput id="session-title" value={title} maxLength={TITLE_MAX} onChange={(e) => setTitle(e.target.value)} aria-invalid={titleError ? true : undefined} />
      </Field>
      <Field id="session-description" label="Description" error={fieldErrors.description?.[0]} hint="Markdown. Cite specs, issues and sessions as [[SPEC-1]], [[ISSUE-2]], [[SESS-3]].">
        <MarkdownEditor id="session-description" value={description} onChange={setDescription} maxLength={BODY_MAX} rows={8} hint />
      </Field>
      {update.isError && !fieldErrors.title && !fieldErrors.description ? <ErrorAlert>{update.error.message}</ErrorAlert> : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save changes"}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_minmax(0,1fr)] items-baseline gap-2 py-1.5 text-sm">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function SessionFacts({ session }: { session: SessionDetail }) {
  const t = session.totals;
  return (
    <dl aria-label="Session details" className="rounded-lg border border-zinc-200 bg-white px-4 py-2 dark:border-zinc-800 dark:bg-zinc-900">
      <Fact label="Agent session">
        <span className="flex flex-wrap items-center gap-2">
          <code className="break-all font-mono text-xs">{session.agentSessionId}</code>
          <CopyButton value={session.agentSessionId} />
        </span>
      </Fact>
      <Fact label="Issue">
        <span className="flex flex-wrap items-center gap-2">
          <Link className={link} href={`/issues/${session.issue.id}`}>
            {session.issue.id}
          </Link>
          <span className="truncate">{session.issue.title}</span>
          <StatusBadge status={session.issue.status} />
        </span>
      </Fact>
      {session.parentSession ? (
        <Fact label="Forked from">
          <Link className={link} href={`/sessions/${session.parentSession.id}`}>
            {session.parentSession.id}
          </Link>{" "}
          <span>{session.parentSession.title}</span>
          {session.forkedFromExecutionId ? (
            <>
              {" "}
              at{" "}
              <Link className={`${link} font-mono`} href={`/executions/${session.forkedFromExecutionId}`}>
                #{shortId(session.forkedFromExecutionId)}
              </Link>
            </>
          ) : null}
        </Fact>
      ) : session.parentSessionId ? (
        <Fact label="Forked from">{session.parentSessionId}</Fact>
      ) : null}
      <Fact label="Totals">
        {t.executionCount === 1 ? "1 execution" : `${t.executionCount} executions`} · {t.inputTokens.toLocaleString("en-US")} in /{" "}
        {t.outputTokens.toLocaleString("en-US")} out tokens · {formatCost(t.costUsd)}
      </Fact>
      <Fact label="Transcript kept">
        {session.expiry.retentionDays === null ? (
          "unknown"
        ) : (
          <>
            {session.expiry.retentionDays} days after last use
            {session.expiry.expiresAt ? (
              <span className="text-zinc-500"> ({session.expiry.mayHaveExpired ? "may be gone since" : "until at least"} <RelativeTime iso={session.expiry.expiresAt} />)</span>
            ) : null}
          </>
        )}
      </Fact>
    </dl>
  );
}

function edgeOf(execution: ExecutionDto, index: number): string {
  if (execution.parentExecutionId) return "continue";
  if (execution.forkedFromExecutionId) return "fork start";
  return index === 0 ? "start" : "turn";
}

function SessionExecutions({ session }: { session: SessionDetail }) {
  return (
    <section aria-labelledby="session-executions-heading" className="space-y-3">
      <h2 id="session-executions-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        Executions <span className="ml-1 text-sm font-normal text-zinc-500">{session.executions.length}</span>
      </h2>
      {session.executions.length === 0 ? (
        <p className="text-sm text-zinc-500">No executions recorded for this session.</p>
      ) : (
        <ol aria-label={`Executions of ${session.id}`} className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {session.executions.map((e, index) => (
            <li key={e.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 text-sm">
              <span className="w-5 text-right text-xs tabular-nums text-zinc-400">{index + 1}</span>
              <Link className={`${link} font-mono`} href={`/executions/${e.id}`}>
                #{shortId(e.id)}
              </Link>
              <ExecutionStatusBadge status={e.status} />
              <span className="text-xs text-zinc-500">{edgeOf(e, index)}</span>
              {e.id === session.headExecutionId ? <span className="rounded bg-emerald-50 px-1.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">head</span> : null}
              <span className="min-w-0 flex-1 truncate text-zinc-700 dark:text-zinc-300" title={e.prompt}>
                {excerpt(e.prompt, 120)}
              </span>
              <span className="text-xs text-zinc-500">
                {e.usage ? `${formatCost(e.usage.costUsd)} · ` : ""}
                <RelativeTime iso={e.finishedAt ?? e.startedAt ?? e.createdAt} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Continue or fork from the session's head; an expired-looking session asks first. */
function SessionFollowUp({ session }: { session: SessionDetail }) {
  const queryClient = useQueryClient();
  const [acknowledged, setAcknowledged] = useState(false);
  const head = session.head;
  const expired = session.expiry.mayHaveExpired;
  return (
    <section aria-labelledby="session-follow-up-heading" className="space-y-3">
      <h2 id="session-follow-up-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        Continue or fork
      </h2>
      {!head ? (
        <p className="text-sm text-zinc-500">This session has no turn to continue from.</p>
      ) : expired && !acknowledged ? (
        <div role="alert" data-slot="expiry-confirm" className="space-y-2 rounded-md border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100">
          <p>
            <strong>Continuing may fail: this session may have expired.</strong> Its last activity was <RelativeTime iso={session.lastActivityAt} />, and{" "}
            {agentName(session.agent)} keeps transcripts for {session.expiry.retentionDays} days after their last use. If the agent no longer has it, the run fails with
            “session not found” and you can start fresh with the same prompt.
          </p>
          <Button size="sm" onClick={() => setAcknowledged(true)}>
            Continue or fork anyway…
          </Button>
        </div>
      ) : (
        <div className="space-y-2 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            From the head,{" "}
            <Link className={`${link} font-mono`} href={`/executions/${head.id}`}>
              #{shortId(head.id)}
            </Link>
            {expired ? <span className="ml-1 text-amber-700 dark:text-amber-400">(may have expired)</span> : null}.
          </p>
          <FollowUpForm
            execution={head}
            onCreated={() => {
              void queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all });
            }}
          />
        </div>
      )}
    </section>
  );
}

function ChildSessions({ session }: { session: SessionDetail }) {
  if (session.childSessions.length === 0) return null;
  return (
    <section aria-labelledby="child-sessions-heading" className="space-y-3">
      <h2 id="child-sessions-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        Forks of this session <span className="ml-1 text-sm font-normal text-zinc-500">{session.childSessions.length}</span>
      </h2>
      <ul aria-label={`Forks of ${session.id}`} className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        {session.childSessions.map((child) => (
          <li key={child.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2.5 text-sm">
            <span className="font-mono text-xs text-zinc-500">{child.id}</span>
            <Link className="min-w-0 flex-1 truncate font-medium text-zinc-900 hover:underline dark:text-zinc-100" href={`/sessions/${child.id}`}>
              {child.title}
            </Link>
            {child.archived ? <ArchivedBadge /> : null}
            {child.forkedFromExecutionId ? (
              <span className="text-xs text-zinc-500">
                from <span className="font-mono">#{shortId(child.forkedFromExecutionId)}</span>
              </span>
            ) : null}
            <span className="text-xs text-zinc-500">
              active <RelativeTime iso={child.lastActivityAt} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
