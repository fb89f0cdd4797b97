"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { searchApi } from "@/lib/search/api";

/** Search results for `q` (nothing is fetched for an empty query); the last results stay while new ones load. */
export function useSearch(q: string, limit?: number) {
  const query = q.trim();
  return useQuery({
    queryKey: queryKeys.search.results(query, limit),
    queryFn: ({ signal }) => searchApi.search(query, limit, signal),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
}
