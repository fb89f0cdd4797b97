"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { lazy, Suspense, type ReactNode } from "react";
import { InsightsLink } from "@/components/ui/insights-link";
import { ReferencedBy } from "@/components/references/referenced-by";
import { ErrorAlert } from "@/components/ui/alert";
import { PriorityBadge, StatusBadge } from "@/components/ui/badges";
import { DangerZone } from "@/components/ui/danger-zone";
import { EditableEntity } from "@/components/ui/editable-entity";
import { Select } from "@/components/ui/field";
import { AddToBundle } from "@/components/bundles/add-to-bundle";
import { QueryGate } from "@/components/ui/query-gate";
import { RelativeTime } from "@/components/ui/time";
import { useDeleteIssue, useIssue, useUpdateIssue } from "@/lib/issues/hooks";
import { useSpecs } from "@/lib/specs/hooks";
import { ISSUE_PRIORITIES, ISSUE_STATUSES, PRIORITY_LABELS, STATUS_LABELS, type IssuePriority, type IssueStatus } from "@/lib/issues/constants";
import type { Issue } from "@/lib/issues/schema";
import { IssueExecutions } from "@/components/execution/issue-executions";
import { RunAgentForm } from "@/components/follow-up/run-agent-form";
import { ProjectSelect } from "@/components/project-fields/project-select";
import { usePrefetchIssueSessionTree } from "@/lib/executions/hooks";
import { LoadingBlock } from "@/components/ui/states";
import type { HistoryPreview } from "@/lib/executions/history-rows";

// The markdown renderer (unified, remark, rehype: the page's largest script)
// and the edit form load after the page's first view: evaluating them at
// start delayed hydration, and so the session tree and the History list
// (docs/performance.md, "UI at scale"). Until the renderer is in, the
// description shows as plain text.
const Markdown = lazy(() => import("@/components/markdown").then((m) => ({ default: m.Markdown })));
const IssueForm = lazy(() => import("@/components/issues/issue-form").then((m) => ({ default: m.IssueForm })));

function Description({ body }: { body: string }) {
  const empty = "This issue has no description yet.";
  return (
    <Suspense
      fallback={
        body.trim() ? <div className="markdown whitespace-pre-wrap">{body}</div> : <p className="text-sm italic text-zinc-500 dark:text-zinc-400">{empty}</p>
      }
    >
      <Markdown emptyText={empty}>{body}</Markdown>
    </Suspense>
  );
}

/** `historyPreview`: the History list's first rows, drawn with the page by the server (app/issues/[id]/page.tsx). */
export function IssueDetailView({ id, historyPreview }: { id: string; historyPreview?: HistoryPreview }) {
  const issue = useIssue(id);
  // The executions section's data, fetched alongside the issue rather than after it.
  usePrefetchIssueSessionTree(id);

  return (
    <QueryGate query={issue} noun="issue" back={{ href: "/issues", label: "Back to issues" }}>
      {(data) => <IssueDetail issue={data} historyPreview={historyPreview} />}
    </QueryGate>
  );
}

function IssueDetail({ issue, historyPreview }: { issue: Issue; historyPreview?: HistoryPreview }) {
  const updateIssue = useUpdateIssue(issue.id);

  return (
    <EditableEntity
      className="space-y-6"
      list={{ label: "Issues", href: "/issues" }}
      id={issue.id}
      title={issue.title}
      editLabel="Edit issue"
      actions={<AddToBundle itemId={issue.id} title={issue.title} />}
      meta={
        <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <StatusBadge status={issue.status} />
          <PriorityBadge priority={issue.priority} />
          <InsightsLink filters={{ issue: issue.id }} />
          {issue.spec ? (
            <span>
              in{" "}
              <Link href={`/specs/${issue.spec.id}`} className="font-medium text-zinc-700 hover:underline dark:text-zinc-300">
                {issue.spec.id} · {issue.spec.title}
              </Link>
            </span>
          ) : null}
        </div>
      }
      view={<Description body={issue.body} />}
      form={(close) => (
        <section aria-label="Edit issue">
          <Suspense fallback={<LoadingBlock label="Loading the form…" />}>
            <IssueForm
              idPrefix="edit-issue"
              showMeta={false}
              specs={[]}
              initialValues={{
                title: issue.title,
                body: issue.body,
                status: issue.status,
                priority: issue.priority,
                specId: issue.specId ?? "",
              }}
              submitLabel="Save changes"
              onSubmit={async ({ title, body }) => {
                await updateIssue.mutateAsync({ title, body });
                close();
              }}
              onCancel={close}
            />
          </Suspense>
        </section>
      )}
    >
      {(description) => (
        /* Phone: description, details, executions. Wide: details in a right-hand column. */
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:grid-rows-[auto_1fr_auto] lg:gap-x-8">
          <div className="min-w-0 lg:col-start-1">{description}</div>
          <aside className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
            <IssueMetaPanel issue={issue} />
            <ReferencedBy target={issue.id} compact />
            <dl className="space-y-1 text-xs text-zinc-500 dark:text-zinc-400">
              <div className="flex justify-between gap-2">
                <dt>Created</dt>
                <dd>
                  <RelativeTime iso={issue.createdAt} />
                </dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>Updated</dt>
                <dd>
                  <RelativeTime iso={issue.updatedAt} />
                </dd>
              </div>
            </dl>
            <DeleteIssue issue={issue} />
          </aside>

          <div className="min-w-0 lg:col-start-1">
            <section id="executions" aria-labelledby="executions-heading" data-slot="issue-executions" className="space-y-3">
              <h2 id="executions-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
                Executions
              </h2>
              <RunAgentForm issueId={issue.id} projectId={issue.projectId} />
            </section>
          </div>

          {/* The history list and the session tree picture get the full width. */}
          <section aria-label="Execution history and session tree" className="min-w-0 lg:col-span-2">
            <IssueExecutions issueId={issue.id} showRunForm={false} preview={historyPreview} />
          </section>
        </div>
      )}
    </EditableEntity>
  );
}

/** Status, priority, spec and project, each saved as soon as it changes. */
function IssueMetaPanel({ issue }: { issue: Issue }) {
  const updateIssue = useUpdateIssue(issue.id);
  const specs = useSpecs({ limit: 500 });
  const specOptions = specs.data ?? [];
  const showCurrentSpec = issue.spec && !specOptions.some((s) => s.id === issue.spec?.id);

  const save = (input: { status?: IssueStatus; priority?: IssuePriority; specId?: string | null; projectId?: string | null }) => updateIssue.mutate(input);

  return (
    <section
      aria-labelledby="issue-meta-heading"
      className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-center justify-between">
        <h2 id="issue-meta-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
          Details
        </h2>
        <span role="status" aria-live="polite" className="text-xs text-zinc-500 dark:text-zinc-400">
          {updateIssue.isPending ? "Saving…" : updateIssue.isSuccess ? "Saved" : ""}
        </span>
      </div>
      {updateIssue.isError ? <ErrorAlert>{updateIssue.error.message}</ErrorAlert> : null}
      <MetaField id="issue-status" label="Status">
        <Select id="issue-status" value={issue.status} disabled={updateIssue.isPending} onChange={(e) => save({ status: e.target.value as IssueStatus })}>
          {ISSUE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </MetaField>
      <MetaField id="issue-priority" label="Priority">
        <Select
          id="issue-priority"
          value={issue.priority}
          disabled={updateIssue.isPending}
          onChange={(e) => save({ priority: e.target.value as IssuePriority })}
        >
          {ISSUE_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABELS[p]}
            </option>
          ))}
        </Select>
      </MetaField>
      <MetaField id="issue-spec" label="Spec">
        <Select id="issue-spec" value={issue.specId ?? ""} disabled={updateIssue.isPending} onChange={(e) => save({ specId: e.target.value || null })}>
          <option value="">No spec</option>
          {showCurrentSpec && issue.spec ? (
            <option value={issue.spec.id}>
              {issue.spec.id} · {issue.spec.title}
            </option>
          ) : null}
          {specOptions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.id} · {s.title}
            </option>
          ))}
        </Select>
      </MetaField>
      <ProjectSelect
        id="issue-project"
        value={issue.projectId ?? ""}
        disabled={updateIssue.isPending}
        onChange={(projectId) => save({ projectId: projectId || null })}
        hint="Where its runs go"
      />
    </section>
  );
}

function MetaField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {label}
      </label>
      {children}
    </div>
  );
}

function DeleteIssue({ issue }: { issue: Issue }) {
  const router = useRouter();
  const deleteIssue = useDeleteIssue();
  return (
    <DangerZone
      title="Delete this issue"
      openLabel="Delete issue…"
      question={`Delete ${issue.id}? This cannot be undone.`}
      confirmLabel="Delete issue"
      pending={deleteIssue.isPending}
      error={deleteIssue.isError ? deleteIssue.error.message : null}
      onConfirm={() => deleteIssue.mutate(issue.id, { onSuccess: () => router.push("/issues") })}
      onCancel={() => deleteIssue.reset()}
    />
  );
}
