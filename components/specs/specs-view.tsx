"use client";

import { useEffect, useState } from "react";
import { LinkButton } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { QueryList } from "@/components/ui/query-gate";
import { SearchField } from "@/components/ui/search-field";
import { EmptyState } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { SpecList } from "@/components/specs/spec-list";
import { useDebouncedValue } from "@/lib/hooks/use-debounced-value";
import { useSpecs } from "@/lib/hooks/use-specs";
import { replaceSearchParams } from "@/lib/url-state";

export function SpecsView({ initialQuery = "" }: { initialQuery?: string }) {
  const [query, setQuery] = useState(initialQuery);
  const q = useDebouncedValue(query.trim(), 250);
  const specs = useSpecs({ q: q || undefined });

  useEffect(() => replaceSearchParams({ q: q || undefined }), [q]);

  return (
    <div>
      <PageHeader
        title="Specs"
        description="Descriptions of what to build. Issues can belong to a spec."
        actions={<LinkButton href="/specs/new">New spec</LinkButton>}
      />
      <div className="mb-4" role="search">
        <SearchField id="spec-search" label="Search specs by title" placeholder="Search specs by title…" value={query} onChange={setQuery} className="sm:max-w-sm" />
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
