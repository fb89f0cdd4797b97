"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { InsightsLink } from "@/components/insights/insights-link";
import { Markdown } from "@/components/markdown";
import { ReferencedBy } from "@/components/references/referenced-by";
import { ErrorAlert } from "@/components/ui/alert";
import { Button, LinkButton } from "@/components/ui/button";
import { EmptyState, LoadingBlock } from "@/components/ui/states";
import { RelativeTime } from "@/components/ui/time";
import { IssueList } from "@/components/issues/issue-list";
import { SpecForm } from "@/components/specs/spec-form";
import { isApiError } from "@/lib/api-client";
import { useIssues } from "@/lib/hooks/use-issues";
import { useDeleteSpec, useSpec, useUpdateSpec } from "@/lib/hooks/use-specs";
import type { Spec } from "@/lib/types";

export function SpecDetailView({ id }: { id: string }) {
  const spec = useSpec(id);

  if (spec.isPending) return <LoadingBlock label="Loading spec…" />;
  if (spec.isError) {
    return (
      <div className="space-y-4">
        <ErrorAlert title={isApiError(spec.error) && spec.error.status === 404 ? "Spec not found" : "Could not load the spec"}>
          {spec.error.message}
        </ErrorAlert>
        <Link href="/specs" className="text-sm font-medium text-emerald-700 underline dark:text-emerald-400">
          Back to specs
        </Link>
      </div>
    );
  }
  return <SpecDetail spec={spec.data} />;
}

function SpecDetail({ spec }: { spec: Spec }) {
  const [editing, setEditing] = useState(false);
  const updateSpec = useUpdateSpec(spec.id);

  return (
    <article className="space-y-8">
      <header className="space-y-2">
        <nav aria-label="Breadcrumb" className="text-sm text-zinc-500 dark:text-zinc-400">
          <Link href="/specs" className="hover:underline">
            Specs
          </Link>{" "}
          / <span className="font-mono">{spec.id}</span>
        </nav>
        {editing ? (
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">Edit {spec.id}</h1>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <h1 className="text-2xl font-semibold tracking-tight break-words text-zinc-900 dark:text-zinc-50">
              {spec.title}
            </h1>
            <div className="flex shrink-0 gap-2">
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit spec
              </Button>
            </div>
          </div>
        )}
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Created <RelativeTime iso={spec.createdAt} /> · Updated <RelativeTime iso={spec.updatedAt} /> · <InsightsLink filters={{ spec: spec.id }} />
        </p>
      </header>

      {editing ? (
        <section aria-label="Edit spec">
          <SpecForm
            idPrefix="edit-spec"
            initialValues={{ title: spec.title, body: spec.body }}
            submitLabel="Save changes"
            onSubmit={async (values) => {
              await updateSpec.mutateAsync(values);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        </section>
      ) : (
        <section aria-label="Description" className="rounded-lg border border-zinc-200 bg-white px-5 py-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <Markdown emptyText="This spec has no description yet.">{spec.body}</Markdown>
        </section>
      )}

      <SpecIssues spec={spec} />
      <ReferencedBy target={spec.id} />
      <DeleteSpec spec={spec} />
    </article>
  );
}

function SpecIssues({ spec }: { spec: Spec }) {
  const issues = useIssues({ specId: spec.id });
  return (
    <section aria-labelledby="spec-issues-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="spec-issues-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          Issues
          {issues.data ? <span className="ml-2 text-sm font-normal text-zinc-500">{issues.data.length}</span> : null}
        </h2>
        <LinkButton href={`/issues/new?specId=${spec.id}`} variant="secondary" size="sm">
          New issue for this spec
        </LinkButton>
      </div>
      {issues.isPending ? (
        <LoadingBlock label="Loading issues…" />
      ) : issues.isError ? (
        <ErrorAlert title="Could not load issues">{issues.error.message}</ErrorAlert>
      ) : issues.data.length === 0 ? (
        <EmptyState title="No issues for this spec yet">Break the spec down into issues to work on.</EmptyState>
      ) : (
        <IssueList issues={issues.data} showSpec={false} label={`Issues of ${spec.id}`} />
      )}
    </section>
  );
}

function DeleteSpec({ spec }: { spec: Spec }) {
  const router = useRouter();
  const deleteSpec = useDeleteSpec();
  const [confirming, setConfirming] = useState(false);
  const conflict = isApiError(deleteSpec.error) && deleteSpec.error.status === 409;
  const hasIssues = spec.issueCount > 0 || conflict;

  const run = (detachIssues: boolean) =>
    deleteSpec.mutate({ id: spec.id, detachIssues }, { onSuccess: () => router.push("/specs") });

  return (
    <section aria-labelledby="danger-heading" className="rounded-lg border border-red-200 px-5 py-4 dark:border-red-900/60">
      <h2 id="danger-heading" className="text-sm font-semibold text-red-800 dark:text-red-300">
        Delete this spec
      </h2>
      {!confirming ? (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Issues are never deleted with their spec{spec.issueCount > 0 ? "; they are unlinked instead" : ""}.
          </p>
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
            Delete spec…
          </Button>
        </div>
      ) : (
        <div className="mt-3 space-y-3">
          {deleteSpec.isError && !conflict ? <ErrorAlert>{deleteSpec.error.message}</ErrorAlert> : null}
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {conflict
              ? deleteSpec.error?.message
              : hasIssues
                ? `${spec.id} has ${spec.issueCount === 1 ? "1 issue" : `${spec.issueCount} issues`}. Deleting the spec keeps ${spec.issueCount === 1 ? "it" : "them"} but unlinks ${spec.issueCount === 1 ? "it" : "them"} from the spec. This cannot be undone.`
                : `Delete ${spec.id}? This cannot be undone.`}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" size="sm" disabled={deleteSpec.isPending} onClick={() => run(hasIssues)}>
              {deleteSpec.isPending ? "Deleting…" : hasIssues ? "Unlink issues and delete spec" : "Delete spec"}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setConfirming(false);
                deleteSpec.reset();
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
