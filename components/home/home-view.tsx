"use client";

import Link from "next/link";
import { ErrorAlert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { EmptyState, LoadingBlock, PageHeader } from "@/components/ui/states";
import { ExecutionList } from "@/components/executions/execution-list";
import { IssueList } from "@/components/issues/issue-list";
import { SpecList } from "@/components/specs/spec-list";
import { useIssues } from "@/lib/hooks/use-issues";
import { useSpecs } from "@/lib/hooks/use-specs";

export function HomeView() {
  const issues = useIssues({ limit: 8 });
  const specs = useSpecs({ limit: 5 });

  return (
    <div className="space-y-10">
      <PageHeader
        title="Welcome to Arbor"
        description="Write specs for what to build, break them into issues, and run coding agents on them."
        actions={
          <>
            <LinkButton href="/specs/new" variant="secondary">
              New spec
            </LinkButton>
            <LinkButton href="/issues/new">New issue</LinkButton>
          </>
        }
      />

      <div className="grid gap-10 lg:grid-cols-2 lg:gap-6">
        <section aria-labelledby="running-heading" className="min-w-0 space-y-3">
          <h2 id="running-heading" className="flex items-center gap-2 text-lg font-semibold text-zinc-900 dark:text-zinc-50">
            <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-sky-500" />
            Running now
          </h2>
          <ExecutionList
            params={{ status: "running,queued", limit: 20 }}
            label="Running executions"
            empty={{ title: "Nothing is running", body: "Run an agent from an issue; it shows here while it works." }}
          />
        </section>

        <section aria-labelledby="recent-executions-heading" className="min-w-0 space-y-3">
          <h2 id="recent-executions-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
            Recent executions
          </h2>
          <ExecutionList
            params={{ limit: 8 }}
            label="Recent executions"
            empty={{ title: "No executions yet", body: "Every agent run, continuation and fork appears here." }}
          />
        </section>
      </div>

      <section aria-labelledby="recent-issues-heading" className="space-y-3">
        <div className="flex items-baseline justify-between">
          <h2 id="recent-issues-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
            Recent issues
          </h2>
          <Link href="/issues" className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400">
            All issues →
          </Link>
        </div>
        {issues.isPending ? (
          <LoadingBlock label="Loading issues…" />
        ) : issues.isError ? (
          <ErrorAlert title="Could not load issues">{issues.error.message}</ErrorAlert>
        ) : issues.data.length === 0 ? (
          <EmptyState title="No issues yet">Issues are pieces of work; they can belong to a spec.</EmptyState>
        ) : (
          <IssueList issues={issues.data} label="Recent issues" />
        )}
      </section>

      <section aria-labelledby="recent-specs-heading" className="space-y-3">
        <div className="flex items-baseline justify-between">
          <h2 id="recent-specs-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
            Recent specs
          </h2>
          <Link href="/specs" className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400">
            All specs →
          </Link>
        </div>
        {specs.isPending ? (
          <LoadingBlock label="Loading specs…" />
        ) : specs.isError ? (
          <ErrorAlert title="Could not load specs">{specs.error.message}</ErrorAlert>
        ) : specs.data.length === 0 ? (
          <EmptyState title="No specs yet">A spec describes what should be built. Start by writing one.</EmptyState>
        ) : (
          <SpecList specs={specs.data} label="Recent specs" />
        )}
      </section>
    </div>
  );
}
