"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { InsightsLink } from "@/components/ui/insights-link";
import { Markdown } from "@/components/markdown";
import { ReferencedBy } from "@/components/references/referenced-by";
import { ErrorAlert } from "@/components/ui/alert";
import { Button, LinkButton } from "@/components/ui/button";
import { AddToBundle } from "@/components/bundles/add-to-bundle";
import { EntityHeader } from "@/components/ui/page-header";
import { QueryGate, QueryList } from "@/components/ui/query-gate";
import { Section } from "@/components/ui/section";
import { EmptyState } from "@/components/ui/states";
import { RelativeTime } from "@/components/ui/time";
import { IssueList } from "@/components/issues/issue-list";
import { SpecForm } from "@/components/specs/spec-form";
import { isApiError } from "@/lib/api-error";
import { useIssues } from "@/lib/issues/hooks";
import { useDeleteSpec, useSpec, useUpdateSpec } from "@/lib/specs/hooks";
import type { Spec } from "@/lib/specs/schema";

export function SpecDetailView({ id }: { id: string }) {
  const spec = useSpec(id);

  return (
    <QueryGate query={spec} noun="spec" back={{ href: "/specs", label: "Back to specs" }}>
      {(data) => <SpecDetail spec={data} />}
    </QueryGate>
  );
}

function SpecDetail({ spec }: { spec: Spec }) {
  const [editing, setEditing] = useState(false);
  const updateSpec = useUpdateSpec(spec.id);

  return (
    <article className="space-y-8">
      <EntityHeader
        list={{ label: "Specs", href: "/specs" }}
        id={spec.id}
        title={spec.title}
        editing={editing}
        onEdit={() => setEditing(true)}
        editLabel="Edit spec"
        actions={<AddToBundle itemId={spec.id} title={spec.title} />}
      >
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Created <RelativeTime iso={spec.createdAt} /> · Updated <RelativeTime iso={spec.updatedAt} /> · <InsightsLink filters={{ spec: spec.id }} />
        </p>
      </EntityHeader>

      {editing ? (
        <section aria-label="Edit spec">
          <SpecForm
            idPrefix="edit-spec"
            initialValues={{ title: spec.title, body: spec.body, projectId: spec.projectId ?? "" }}
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
    <Section
      id="spec-issues-heading"
      title="Issues"
      count={issues.data?.length}
      actions={
        <LinkButton href={`/issues/new?specId=${spec.id}`} variant="secondary" size="sm">
          New issue for this spec
        </LinkButton>
      }
    >
      <QueryList query={issues} noun="issues" empty={<EmptyState title="No issues for this spec yet">Break the spec down into issues to work on.</EmptyState>}>
        {(items) => <IssueList issues={items} showSpec={false} label={`Issues of ${spec.id}`} />}
      </QueryList>
    </Section>
  );
}

function DeleteSpec({ spec }: { spec: Spec }) {
  const router = useRouter();
  const deleteSpec = useDeleteSpec();
  const [confirming, setConfirming] = useState(false);
  const conflict = isApiError(deleteSpec.error) && deleteSpec.error.status === 409;
  const hasIssues = spec.issueCount > 0 || conflict;

  const run = (detachIssues: boolean) => deleteSpec.mutate({ id: spec.id, detachIssues }, { onSuccess: () => router.push("/specs") });

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
