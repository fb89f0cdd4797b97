"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { executionApi } from "@/lib/executions/api";
import { earlyOr, logTailPath } from "@/lib/executions/early-fetch";
import { ExecutionLogLoader, TAIL_EVENTS, type LogSnapshot } from "@/lib/executions/log-loader";
import type { ExecutionEventPage } from "@/lib/executions/schema";
import { applyExecutionUpdate } from "@/lib/executions/status-stream";
import { seqFromHash } from "@/lib/hrefs";
import { queryKeys } from "@/lib/query-keys";

export type { LogLine, LogRow } from "@/lib/executions/log-loader";

export type ExecutionLogState = LogSnapshot & {
  /** Whether the events around this seq have arrived (the page holding it). */
  covers: (seq: number) => boolean;
  /** Loads the page holding this seq unless it is here (the start of the log, an anchor). */
  reveal: (seq: number) => void;
  /** Loads the next page of a gap from one side (the reader nears it). */
  fill: (gap: { after: number; to: number }, side: "start" | "end") => void;
  retry: () => void;
};

const tailQuery = (executionId: string) => ({
  queryKey: queryKeys.executions.logTail(executionId),
  // The page's HTML already asked for it (earlyFetchScript); a retry or a later visit asks afresh.
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    earlyOr(logTailPath(executionId, TAIL_EVENTS), () => executionApi.eventsTail(executionId, TAIL_EVENTS, signal)),
  staleTime: 10_000,
});

/**
 * Starts fetching the end of an execution's log as soon as its page opens,
 * alongside the execution itself (the log view picks the answer up). Not when
 * the execution is already here (drawn from the page's HTML, or cached): the
 * log view mounts with it and has taken (and dropped) its tail by now.
 */
export function usePrefetchExecutionLogTail(executionId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (queryClient.getQueryData(queryKeys.executions.detail(executionId)) !== undefined) return;
    void queryClient.prefetchQuery(tailQuery(executionId));
  }, [executionId, queryClient]);
}

/**
 * An execution's normalized log: its end, older pages on demand, then live (see ExecutionLogLoader).
 * Status events from its stream patch the react-query cache.
 */
export function useExecutionLog(executionId: string, options: { finished: boolean; eventCount?: number }): ExecutionLogState {
  const queryClient = useQueryClient();
  // Read when a load starts: later changes arrive over the stream.
  const latest = useRef(options);
  latest.current = options;

  const loader = useMemo(
    () =>
      new ExecutionLogLoader({
        // Usually here by the time the view mounts (the page's HTML asked for it): then its rows are in the first render.
        initialTail: queryClient.getQueryData<ExecutionEventPage>(queryKeys.executions.logTail(executionId)) ?? null,
        fetchTail: async (signal) => {
          // Usually already on its way (usePrefetchExecutionLogTail); one use: a retry or a later visit reads afresh.
          const tail = await queryClient.fetchQuery(tailQuery(executionId));
          if (!signal.aborted) queryClient.removeQueries({ queryKey: queryKeys.executions.logTail(executionId), exact: true });
          return tail;
        },
        fetchPage: (after, limit, signal) => executionApi.events(executionId, after, signal, limit),
        openStream: (after) => new EventSource(`/api/executions/${encodeURIComponent(executionId)}/events?after=${after}`),
        onStatus: (execution) => applyExecutionUpdate(queryClient, execution),
        isFinished: () => latest.current.finished,
        eventCount: () => latest.current.eventCount ?? 0,
        anchorSeq: () => (typeof window === "undefined" ? null : seqFromHash(window.location.hash)),
      }),
    [executionId, queryClient],
  );

  useEffect(() => {
    loader.start();
    // The cached end of the log is for one use: a retry or a later visit reads afresh.
    if (loader.seeded) queryClient.removeQueries({ queryKey: queryKeys.executions.logTail(executionId), exact: true });
    return () => loader.stop();
  }, [loader, queryClient, executionId]);

  const snapshot = useSyncExternalStore(loader.subscribe, loader.getSnapshot, loader.getSnapshot);
  return { ...snapshot, covers: loader.covers, reveal: loader.reveal, fill: loader.fill, retry: loader.retry };
}
