"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { runnerApi } from "@/lib/runners/api";
import type { RunnerList } from "@/lib/runners/schema";

// The runner keys live here: only this file and the runners page read them.
export const runnerKeys = {
  all: ["runners"] as const,
  list: () => [...runnerKeys.all, "list"] as const,
};

/** How often the list is read again: heartbeats come every 5 s, and a drain's progress shows within one. */
export const RUNNERS_POLL_MS = 3_000;

/** Every runner, polled so a drain is seen going from draining to drained without a reload. */
export function useRunners() {
  return useQuery({
    queryKey: runnerKeys.list(),
    queryFn: ({ signal }) => runnerApi.list(signal),
    refetchInterval: RUNNERS_POLL_MS,
  });
}

export function useDrainRunner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => runnerApi.drain(id),
    onSuccess: ({ runner }) => {
      // The answer is the runner as it is now: shown at once, then the poll follows its drain.
      queryClient.setQueryData<RunnerList>(runnerKeys.list(), (list) =>
        list ? { items: list.items.map((item) => (item.id === runner.id ? runner : item)) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: runnerKeys.list() });
    },
  });
}
