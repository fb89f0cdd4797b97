"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import type { IdKind } from "@/lib/ids";
import { issueApi } from "@/lib/issues/api";
import { queryKeys } from "@/lib/query-keys";
import { referenceApi } from "@/lib/references/api";
import { candidateMatches, idKindOf, type ReferenceCandidate } from "@/lib/references/completion";
import { sessionApi } from "@/lib/sessions/api";
import { specApi } from "@/lib/specs/api";
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

/** Specs, issues and sessions a `[[` being typed may mean (lib/references/completion.ts), at most 8. */
async function referenceCandidates(text: string, signal: AbortSignal): Promise<ReferenceCandidate[]> {
  const id = idKindOf(text);
  // An id being typed lists that kind's newest and filters by id; words search titles of all three.
  const q = id ? undefined : text.trim() || undefined;
  const limit = id ? 50 : 5;
  const wants = (kind: IdKind) => !id || id.kind === kind;
  const [specs, issues, sessions] = await Promise.all([
    wants("spec") ? specApi.list({ q, limit }, signal) : null,
    wants("issue") ? issueApi.list({ q, limit }, signal) : null,
    wants("session") ? sessionApi.list({ q, limit, archived: "all" }, signal) : null,
  ]);
  const all: ReferenceCandidate[] = [
    ...(specs?.items ?? []).map((s) => ({ kind: "spec" as const, id: s.id, title: s.title })),
    ...(issues?.items ?? []).map((i) => ({ kind: "issue" as const, id: i.id, title: i.title })),
    ...(sessions?.items ?? []).map((s) => ({ kind: "session" as const, id: s.id, title: s.title })),
  ];
  return all.filter((c) => candidateMatches(c, text)).slice(0, 8);
}

/** What a `[[query` may complete to; the last answer stays while the next loads. */
export function useReferenceCandidates(text: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.references.all, "complete", text.trim().toLowerCase()],
    queryFn: ({ signal }) => referenceCandidates(text, signal),
    enabled,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}
