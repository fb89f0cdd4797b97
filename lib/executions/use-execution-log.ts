"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { executionApi } from "@/lib/executions/api";
import { earlyOr, logTailPath } from "@/lib/executions/early-fetch";
import { ExecutionLogLoader, TAIL_EVENTS, type LogSnapshot } from "@/lib/executions/log-loader";
import { applyExecutionUpdate } from "@/lib/executions/status-stream";
import { seqFromHash } from "@/lib/hrefs";
import { queryKeys } from "@/lib/query-keys";

export type { LogLine } from "@/lib/executions/log-loader";

export type ExecutionLogState = LogSnapshot & {
  /** Whether the history around this seq has arrived (its whole range of events). */
  covers: (seq: number) => boolean;
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
 * alongside the execution itself (the log view picks the answer up).
 */
export function usePrefetchExecutionLogTail(executionId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(tailQuery(executionId));
  }, [executionId, queryClient]);
}

/**
 * An execution's normalized log, history then live (see ExecutionLogLoader).
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
    return () => loader.stop();
  }, [loader]);

  const snapshot = useSyncExternalStore(loader.subscribe, loader.getSnapshot, loader.getSnapshot);
  return { ...snapshot, covers: loader.covers, retry: loader.retry };
}
