"use client";

import { useRouter } from "next/navigation";
import { lazy, Suspense } from "react";
import { InsightsLink } from "@/components/ui/insights-link";
import { Markdown } from "@/components/markdown";
import { ReferencedBy } from "@/components/references/referenced-by";
import { LinkButton } from "@/components/ui/button";
import { DangerZone } from "@/components/ui/danger-zone";
import { EditableEntity } from "@/components/ui/editable-entity";
import { AddToBundle } from "@/components/bundles/add-to-bundle";
import { QueryGate, QueryList } from "@/components/ui/query-gate";
import { Section } from "@/components/ui/section";
import { EmptyState, LoadingBlock } from "@/components/ui/states";
import { RelativeTime } from "@/components/ui/time";
import { IssueList } from "@/components/issues/issue-list";
import { isApiError } from "@/lib/api-error";
import { useIssues } from "@/lib/issues/hooks";
import { useDeleteSpec, useSpec, useUpdateSpec } from "@/lib/specs/hooks";
import type { Spec } from "@/lib/specs/schema";

// The edit form (and zod, which validates it) loads when a person edits, not with the page.
const SpecForm = lazy(() => import("@/components/specs/spec-form").then((m) => ({ default: m.SpecForm })));

export function SpecDetailView({ id }: { id: string }) {
  const spec = useSpec(id);

  return (
    <QueryGate query={spec} noun="spec" back={{ href: "/specs", label: "Back to specs" }}>
      {(data) => <SpecDetail spec={data} />}
    </QueryGate>
  );
}

function SpecDetail({ spec }: { spec: Spec }) {
  const updateSpec = useUpdateSpec(spec.id);
  return (
    <EditableEntity
      list={{ label: "Specs", href: "/specs" }}
      id={spec.id}
      title={spec.title}
      editLabel="Edit spec"
      actions={<AddToBundle itemId={spec.id} title={spec.title} />}
      meta={
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Created <RelativeTime iso={spec.createdAt} /> · Updated <RelativeTime iso={spec.updatedAt} /> · <InsightsLink filters={{ spec: spec.id }} />
        </p>
      }
      view={<Markdown emptyText="This spec has no description yet.">{spec.body}</Markdown>}
      form={(close) => (
        <section aria-label="Edit spec">
          <Suspense fallback={<LoadingBlock label="Loading the form…" />}>
            <SpecForm
              idPrefix="edit-spec"
              initialValues={{ title: spec.title, body: spec.body, projectId: spec.projectId ?? "" }}
              submitLabel="Save changes"
              onSubmit={async (values) => {
                await updateSpec.mutateAsync(values);
                close();
              }}
              onCancel={close}
            />
          </Suspense>
        </section>
      )}
    >
      {(description) => (
        <>
          {description}
          <SpecIssues spec={spec} />
          <ReferencedBy target={spec.id} />
          <DeleteSpec spec={spec} />
        </>
      )}
    </EditableEntity>
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
  const conflict = isApiError(deleteSpec.error) && deleteSpec.error.status === 409;
  const hasIssues = spec.issueCount > 0 || conflict;
  const issues = spec.issueCount === 1 ? "it" : "them";
  return (
    <DangerZone
      title="Delete this spec"
      explanation={`Issues are never deleted with their spec${spec.issueCount > 0 ? "; they are unlinked instead" : ""}.`}
      openLabel="Delete spec…"
      question={
        conflict
          ? deleteSpec.error?.message
          : hasIssues
            ? `${spec.id} has ${spec.issueCount === 1 ? "1 issue" : `${spec.issueCount} issues`}. Deleting the spec keeps ${issues} but unlinks ${issues} from the spec. This cannot be undone.`
            : `Delete ${spec.id}? This cannot be undone.`
      }
      confirmLabel={hasIssues ? "Unlink issues and delete spec" : "Delete spec"}
      pending={deleteSpec.isPending}
      error={deleteSpec.isError && !conflict ? deleteSpec.error.message : null}
      onConfirm={() => deleteSpec.mutate({ id: spec.id, detachIssues: hasIssues }, { onSuccess: () => router.push("/specs") })}
      onCancel={() => deleteSpec.reset()}
    />
  );
}
