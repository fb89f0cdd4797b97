"use client";

import { useState } from "react";
import { LinkButton } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { QueryList } from "@/components/ui/query-gate";
import { SearchField } from "@/components/ui/search-field";
import { EmptyState } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { SpecList } from "@/components/specs/spec-list";
import { ProjectFilter } from "@/components/project-fields/project-filter";
import { useListSearch } from "@/lib/hooks/use-list-search";
import { useSpecs } from "@/lib/specs/hooks";

/** `initialProjectId`: "PROJ-2", "none" (the default workspace's), or "" (all). */
export function SpecsView({ initialQuery = "", initialProjectId = "" }: { initialQuery?: string; initialProjectId?: string }) {
  const [projectId, setProjectId] = useState(initialProjectId);
  const { query, setQuery, q } = useListSearch(initialQuery, { projectId: projectId || undefined });
  const specs = useSpecs({ q, projectId: projectId || undefined });

  return (
    <div>
      <PageHeader
        title="Specs"
        description="Descriptions of what to build. Issues can belong to a spec."
        actions={<LinkButton href="/specs/new">New spec</LinkButton>}
      />
      <div className="mb-4 flex flex-col gap-2 sm:flex-row" role="search">
        <div className="sm:max-w-sm sm:flex-1">
          <SearchField id="spec-search" label="Search specs by title" placeholder="Search specs by title…" value={query} onChange={setQuery} />
        </div>
        <div className="sm:w-56">
          <ProjectFilter id="spec-project-filter" value={projectId} onChange={setProjectId} />
        </div>
      </div>
      <QueryList
        query={specs}
        noun="specs"
        empty={
          q || projectId ? (
            <EmptyState title={q ? `No specs match “${q}”` : "No specs in this project"}>Try a different search or project.</EmptyState>
          ) : (
            <EmptyState title="No specs yet">
              Write a spec to describe what you want built. <TextLink href="/specs/new">New spec</TextLink>
            </EmptyState>
          )
        }
      >
        {(items) => <SpecList specs={items} />}
      </QueryList>
    </div>
  );
}
