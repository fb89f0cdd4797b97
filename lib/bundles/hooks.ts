"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { bundleApi, type BundleListParams } from "@/lib/bundles/api";
import type { BundleItemRef } from "@/lib/bundles/items";
import type { Bundle, CreateBundleInput, LoadBundleResponse, UpdateBundleInput } from "@/lib/bundles/schema";
import { queryKeys } from "@/lib/query-keys";

export function useBundles(filters: BundleListParams = {}) {
  return useQuery({
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

export function useAddBundleItems(id: string) {
  const remember = useRemember();
  return useMutation({ mutationFn: (items: string[]) => bundleApi.addItems(id, items), onSuccess: remember });
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
