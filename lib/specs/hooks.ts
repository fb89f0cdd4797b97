"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { specApi, type SpecListParams } from "@/lib/specs/api";
import { queryKeys } from "@/lib/query-keys";
import type { CreateSpecInput, Spec, UpdateSpecInput } from "@/lib/specs/schema";

export function useSpecs(filters: SpecListParams = {}) {
  return useQuery({
    queryKey: queryKeys.specs.list(filters),
    queryFn: ({ signal }) => specApi.list(filters, signal),
    select: (data) => data.items,
    placeholderData: keepPreviousData,
  });
}

export function useSpec(id: string) {
  return useQuery({
    queryKey: queryKeys.specs.detail(id),
    queryFn: ({ signal }) => specApi.get(id, signal),
  });
}

export function useCreateSpec() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSpecInput) => specApi.create(input),
    onSuccess: (spec) => {
      queryClient.setQueryData<Spec>(queryKeys.specs.detail(spec.id), spec);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.specs.lists() }),
        // Its text may cite [[…]] references: backlinks and reference cards change.
        queryClient.invalidateQueries({ queryKey: queryKeys.references.all }),
      ]);
    },
  });
}

export function useUpdateSpec(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSpecInput) => specApi.update(id, input),
    onSuccess: (spec) => {
      queryClient.setQueryData<Spec>(queryKeys.specs.detail(spec.id), spec);
      // Issues show their spec's title.
      return Promise.all([
        // Their text cites [[…]] references: backlinks and reference cards change.
        queryClient.invalidateQueries({ queryKey: queryKeys.references.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.specs.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.issues.all }),
      ]);
    },
  });
}

export function useDeleteSpec() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, detachIssues }: { id: string; detachIssues?: boolean }) => specApi.delete(id, { detachIssues }),
    onSuccess: (result) => {
      // Mark the deleted item stale without refetching it now (the page showing it is navigating away).
      void queryClient.invalidateQueries({ queryKey: queryKeys.specs.detail(result.id), refetchType: "none" });
      return Promise.all([
        // Their text cites [[…]] references: backlinks and reference cards change.
        queryClient.invalidateQueries({ queryKey: queryKeys.references.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.specs.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.issues.all }),
      ]);
    },
  });
}
