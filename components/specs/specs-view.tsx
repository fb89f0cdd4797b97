"use client";

import { useEffect, useState } from "react";
import { LinkButton } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/alert";
import { TextInput } from "@/components/ui/field";
import { EmptyState, LoadingBlock, PageHeader } from "@/components/ui/states";
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
        <label htmlFor="spec-search" className="sr-only">
          Search specs by title
        </label>
        <TextInput
          id="spec-search"
          type="search"
          placeholder="Search specs by title…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="sm:max-w-sm"
        />
      </div>
      {specs.isPending ? (
        <LoadingBlock label="Loading specs…" />
      ) : specs.isError ? (
        <ErrorAlert title="Could not load specs">{specs.error.message}</ErrorAlert>
      ) : specs.data.length === 0 ? (
        q ? (
          <EmptyState title={`No specs match “${q}”`}>Try a different search.</EmptyState>
        ) : (
          <EmptyState title="No specs yet">
            Write a spec to describe what you want built.{" "}
            <a href="/specs/new" className="font-medium text-emerald-700 underline dark:text-emerald-400">
              New spec
            </a>
          </EmptyState>
        )
      ) : (
        <div aria-busy={specs.isFetching || undefined}>
          <SpecList specs={specs.data} />
        </div>
      )}
    </div>
  );
}
