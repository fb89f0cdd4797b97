"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { bundleApi, type BundleListParams } from "@/lib/bundles/api";
import { isApiError } from "@/lib/api-error";
import { parseItemRef, type BundleItemRef } from "@/lib/bundles/items";
import type { Bundle, CreateBundleInput, LoadBundleResponse, UpdateBundleInput } from "@/lib/bundles/schema";
import { queryKeys } from "@/lib/query-keys";

export function useBundles(filters: BundleListParams = {}, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: queryKeys.bundles.list(filters),
    queryFn: ({ signal }) => bundleApi.list(filters, signal),
    select: (data) => data.items,
    placeholderData: keepPreviousData,
  });
}

export function useBundle(id: string) {
  return useQuery({ queryKey: queryKeys.bundles.detail(id), queryFn: ({ signal }) => bundleApi.get(id, signal) });
}

/** After a change: the bundle's cache entry is the answer; lists refresh. */
function useRemember() {
  const queryClient = useQueryClient();
  return (bundle: Bundle) => {
    queryClient.setQueryData<Bundle>(queryKeys.bundles.detail(bundle.id), bundle);
    return queryClient.invalidateQueries({ queryKey: queryKeys.bundles.lists() });
  };
}

export function useCreateBundle() {
  const remember = useRemember();
  return useMutation({ mutationFn: (input: CreateBundleInput) => bundleApi.create(input), onSuccess: remember });
}

export function useImportBundle() {
  const remember = useRemember();
  return useMutation({ mutationFn: (document: unknown) => bundleApi.import(document), onSuccess: remember });
}

export function useUpdateBundle(id: string) {
  const remember = useRemember();
  return useMutation({ mutationFn: (input: UpdateBundleInput) => bundleApi.update(id, input), onSuccess: remember });
}

export function useSetBundleItems(id: string) {
  const remember = useRemember();
  return useMutation({ mutationFn: (items: (BundleItemRef | string)[]) => bundleApi.setItems(id, items), onSuccess: remember });
}

/** What adding items did: the bundle now, and the ids refused because they name nothing (the others were added). */
export type AddItemsOutcome = { bundle: Bundle; refused: string[] };

/**
 * Adds items to a bundle. The API refuses a request naming an unknown id as
 * a whole (422, listing every such id), so the known ones are sent again on
 * their own: a bad id is refused by its name and drops nothing else.
 */
async function addKnownItems(bundleId: string, items: string[]): Promise<AddItemsOutcome> {
  try {
    return { bundle: await bundleApi.addItems(bundleId, items), refused: [] };
  } catch (error) {
    const unknown = isApiError(error) ? error.details?.unknownReferences : undefined;
    if (!Array.isArray(unknown) || unknown.length === 0) throw error;
    const refused = new Set(unknown.map(String));
    const known = items.filter((raw) => !refused.has(parseItemRef(raw)?.id ?? raw));
    if (known.length === 0) throw error;
    return { bundle: await bundleApi.addItems(bundleId, known), refused: [...refused] };
  }
}

export function useAddBundleItems(id: string) {
  const remember = useRemember();
  return useMutation({ mutationFn: (items: string[]) => addKnownItems(id, items), onSuccess: ({ bundle }) => remember(bundle) });
}

/** "Add to bundle" from an item's own page: the bundle is chosen when adding. */
export function useAddToBundle() {
  const remember = useRemember();
  return useMutation({
    mutationFn: ({ bundleId, items }: { bundleId: string; items: string[] }) => addKnownItems(bundleId, items),
    onSuccess: ({ bundle }) => remember(bundle),
  });
}

export function useDeleteBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => bundleApi.delete(id),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.bundles.detail(result.id), refetchType: "none" });
      return queryClient.invalidateQueries({ queryKey: queryKeys.bundles.lists() });
    },
  });
}

export function useLoadBundle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prompt: string) => bundleApi.load(id, prompt),
    onSuccess: (result: LoadBundleResponse) => {
      queryClient.setQueryData(queryKeys.executions.detail(result.execution.id), result.execution);
      return queryClient.invalidateQueries({ queryKey: queryKeys.issues.detail(result.issueId) });
    },
  });
}
