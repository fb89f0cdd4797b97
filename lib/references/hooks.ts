"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { referenceApi } from "@/lib/references/api";
import type { ReferenceSummary } from "@/lib/references/schema";

/** "Referenced by": the specs, issues and sessions whose text cites `target`. */
export function useBacklinks(target: string) {
  return useQuery({
    queryKey: queryKeys.references.backlinks(target),
    queryFn: ({ signal }) => referenceApi.backlinks(target, signal),
    select: (data) => data.items,
  });
}

/**
 * Which of a text's references exist, in one request. Each answer also seeds
 * that id's summary, so a hover card opened later needs no request of its own.
 */
export function useResolvedReferences(ids: readonly string[]) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.references.resolve(ids),
    enabled: ids.length > 0,
    queryFn: async ({ signal }) => {
      const { items } = await referenceApi.resolve(ids, signal);
      for (const [id, summary] of Object.entries(items)) queryClient.setQueryData(queryKeys.references.summary(id), summary);
      return items;
    },
  });
}

/** One entity's card: fetched lazily, only once `enabled` (the card is open). */
export function useReferenceSummary(id: string, enabled: boolean) {
  return useQuery<ReferenceSummary | null>({
    queryKey: queryKeys.references.summary(id),
    enabled,
    // Seeded by the text's check moments ago: no need to ask again at once.
    staleTime: 30_000,
    queryFn: async ({ signal }) => (await referenceApi.resolve([id], signal)).items[id] ?? null,
  });
}
