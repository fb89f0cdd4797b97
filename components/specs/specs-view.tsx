"use client";

import { LinkButton } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { QueryList } from "@/components/ui/query-gate";
import { SearchField } from "@/components/ui/search-field";
import { EmptyState } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { SpecList } from "@/components/specs/spec-list";
import { useListSearch } from "@/lib/hooks/use-list-search";
import { useSpecs } from "@/lib/specs/hooks";

export function SpecsView({ initialQuery = "" }: { initialQuery?: string }) {
  const { query, setQuery, q } = useListSearch(initialQuery);
  const specs = useSpecs({ q });

  return (
    <div>
      <PageHeader
        title="Specs"
        description="Descriptions of what to build. Issues can belong to a spec."
        actions={<LinkButton href="/specs/new">New spec</LinkButton>}
      />
      <div className="mb-4" role="search">
        <SearchField
          id="spec-search"
          label="Search specs by title"
          placeholder="Search specs by title…"
          value={query}
          onChange={setQuery}
          className="sm:max-w-sm"
        />
      </div>
      <QueryList
        query={specs}
        noun="specs"
        empty={
          q ? (
            <EmptyState title={`No specs match “${q}”`}>Try a different search.</EmptyState>
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
