"use client";

import { LinkButton } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { QueryList } from "@/components/ui/query-gate";
import { Section } from "@/components/ui/section";
import { EmptyState } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { ExecutionList } from "@/components/execution/execution-list";
import { IssueList } from "@/components/issues/issue-list";
import { SpecList } from "@/components/specs/spec-list";
import { useIssues } from "@/lib/issues/hooks";
import { useSpecs } from "@/lib/specs/hooks";

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
        <Section
          id="running-heading"
          className="min-w-0 space-y-3"
          title={
            <span className="flex items-center gap-2">
              <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-sky-500" />
              Running now
            </span>
          }
        >
          <ExecutionList
            params={{ status: "running,queued", limit: 20 }}
            label="Running executions"
            empty={{ title: "Nothing is running", body: "Run an agent from an issue; it shows here while it works." }}
          />
        </Section>

        <Section id="recent-executions-heading" className="min-w-0 space-y-3" title="Recent executions">
          <ExecutionList
            params={{ limit: 8 }}
            label="Recent executions"
            empty={{ title: "No executions yet", body: "Every agent run, continuation and fork appears here." }}
          />
        </Section>
      </div>

      <Section
        id="recent-issues-heading"
        title="Recent issues"
        actions={
          <TextLink href="/issues" className="text-sm">
            All issues →
          </TextLink>
        }
      >
        <QueryList query={issues} noun="issues" empty={<EmptyState title="No issues yet">Issues are pieces of work; they can belong to a spec.</EmptyState>}>
          {(items) => <IssueList issues={items} label="Recent issues" />}
        </QueryList>
      </Section>

      <Section
        id="recent-specs-heading"
        title="Recent specs"
        actions={
          <TextLink href="/specs" className="text-sm">
            All specs →
          </TextLink>
        }
      >
        <QueryList
          query={specs}
          noun="specs"
          empty={<EmptyState title="No specs yet">A spec describes what should be built. Start by writing one.</EmptyState>}
        >
          {(items) => <SpecList specs={items} label="Recent specs" />}
        </QueryList>
      </Section>
    </div>
  );
}
