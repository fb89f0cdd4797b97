"use client";

import { useState } from "react";
import { LinkButton } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { QueryList } from "@/components/ui/query-gate";
import { SearchField } from "@/components/ui/search-field";
import { EmptyState } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { IssueList } from "@/components/issues/issue-list";
import { ProjectFilter } from "@/components/project-fields/project-filter";
import { useIssues } from "@/lib/issues/hooks";
import { useListSearch } from "@/lib/hooks/use-list-search";
import { ISSUE_STATUSES, STATUS_LABELS, type IssueStatus } from "@/lib/issues/constants";

export function IssuesView({
  initialQuery = "",
  initialStatus,
  initialProjectId = "",
}: {
  initialQuery?: string;
  initialStatus?: IssueStatus;
  /** "PROJ-2", "none" (the default workspace's), or "" (all). */
  initialProjectId?: string;
}) {
  const [status, setStatus] = useState<IssueStatus | "">(initialStatus ?? "");
  const [projectId, setProjectId] = useState(initialProjectId);
  const { query, setQuery, q } = useListSearch(initialQuery, { status: status || undefined, projectId: projectId || undefined });
  const issues = useIssues({ q, status: status || undefined, projectId: projectId || undefined });
  const filtered = Boolean(q || status || projectId);

  return (
    <div>
      <PageHeader title="Issues" description="Work to do, optionally part of a spec." actions={<LinkButton href="/issues/new">New issue</LinkButton>} />
      <div role="search" className="mb-4 flex flex-col gap-2 sm:flex-row">
        <div className="sm:max-w-sm sm:flex-1">
          <SearchField id="issue-search" label="Search issues by title" placeholder="Search issues by title…" value={query} onChange={setQuery} />
        </div>
        <div className="sm:w-48">
          <label htmlFor="issue-status-filter" className="sr-only">
            Filter by status
          </label>
          <Select id="issue-status-filter" value={status} onChange={(e) => setStatus(e.target.value as IssueStatus | "")}>
            <option value="">All statuses</option>
            {ISSUE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <div className="sm:w-56">
          <ProjectFilter id="issue-project-filter" value={projectId} onChange={setProjectId} />
        </div>
      </div>
      <QueryList
        query={issues}
        noun="issues"
        empty={
          filtered ? (
            <EmptyState title="No issues match these filters">Try a different search, status or project.</EmptyState>
          ) : (
            <EmptyState title="No issues yet">
              Create an issue for a piece of work. <TextLink href="/issues/new">New issue</TextLink>
            </EmptyState>
          )
        }
      >
        {(items) => <IssueList issues={items} />}
      </QueryList>
    </div>
  );
}
