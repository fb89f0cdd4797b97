"use client";

import { useRouter } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { IssueForm } from "@/components/issues/issue-form";
import { useCreateIssue } from "@/lib/issues/hooks";
import { useSpecs } from "@/lib/specs/hooks";

/** `defaultProjectId`: the project the page was opened from ("New issue" on a project's page). */
export function NewIssueView({ defaultSpecId, defaultProjectId }: { defaultSpecId?: string; defaultProjectId?: string }) {
  const router = useRouter();
  const createIssue = useCreateIssue();
  const specs = useSpecs({ limit: 500 });
  return (
    <div className="max-w-3xl">
      <PageHeader title="New issue" description="A piece of work, optionally part of a spec." />
      <IssueForm
        initialValues={{ specId: defaultSpecId ?? "", projectId: defaultProjectId ?? "" }}
        specs={specs.data ?? []}
        specsLoading={specs.isPending}
        submitLabel="Create issue"
        pendingLabel="Creating…"
        onSubmit={async (values) => {
          const issue = await createIssue.mutateAsync(values);
          router.push(`/issues/${issue.id}`);
        }}
        onCancel={() => router.back()}
      />
    </div>
  );
}
