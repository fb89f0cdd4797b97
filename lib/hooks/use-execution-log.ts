"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { ExecutionDto } from "@/lib/execution-types";
import type { LogEntry } from "@/lib/log-entries";
import { queryKeys } from "@/lib/query-keys";

export type LogLine = { key: string; seq: number; entry: LogEntry };

export type ExecutionLogState = {
  lines: LogLine[];
  connection: "connecting" | "live" | "reconnecting" | "ended";
};

// Follows an execution's log over Server-Sent Events. EventSource reconnects by
// itself and sends Last-Event-ID, so the server resumes after the last entry we
// got. Status events patch the react-query cache instead of polling.
export function useExecutionLog(executionId: string): ExecutionLogState {
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<LogLine[]>([]);
  const [connection, setConnection] = useState<ExecutionLogState["connection"]>("connecting");
  const lastSeq = useRef(0);

  useEffect(() => {
    lastSeq.current = 0;
    setLines([]);
    setConnection("connecting");
    const source = new EventSource(`/api/executions/${encodeURIComponent(executionId)}/events`);
    let pending: LogLine[] = [];
    let frame: ReturnType<typeof setTimeout> | null = null;
    // Batch bursts of entries into one render.
    const flush = () => {
      frame = null;
      const batch = pending;
      pending = [];
      if (batch.length) setLines((prev) => prev.concat(batch));
    };
    source.addEventListener("open", () => setConnection("live"));
    source.addEventListener("entry", (event) => {
      const data = JSON.parse((event as MessageEvent).data) as { seq: number; entries: LogEntry[] };
      if (data.seq <= lastSeq.current) return; // never show an entry twice
      lastSeq.current = data.seq;
      data.entries.forEach((entry, i) => pending.push({ key: `${data.seq}:${i}`, seq: data.seq, entry }));
      frame ??= setTimeout(flush, 50);
    });
    const patch = (event: Event) => {
      const execution = JSON.parse((event as MessageEvent).data) as ExecutionDto;
      queryClient.setQueryData(queryKeys.executions.detail(execution.id), (prev: ExecutionDto | undefined) => ({
        ...execution,
        waitingForExecutionId: execution.status === "queued" ? (prev?.waitingForExecutionId ?? null) : null,
      }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.issues.sessionTree(execution.issueId) });
    };
    source.addEventListener("status", patch);
    source.addEventListener("end", (event) => {
      patch(event);
      flush();
      setConnection("ended");
      source.close();
    });
    source.addEventListener("error", () => {
      if (source.readyState !== EventSource.CLOSED) setConnection("reconnecting");
    });
    return () => {
      if (frame) clearTimeout(frame);
      source.close();
    };
  }, [executionId, queryClient]);

  return { lines, connection };
}
