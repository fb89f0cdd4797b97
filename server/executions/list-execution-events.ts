import "server-only";
import type { LogEntry } from "@/lib/executions/log-entries";
import { prisma } from "@/server/db";
import { normalizeStoredEvent } from "@/server/agents/normalize-stored-event";

export type ExecutionEventDto = {
  seq: number;
  stream: string;
  kind: string;
  createdAt: string;
  /** The event normalized into the common log entry type the UI renders. */
  entries: LogEntry[];
  /** The raw event as the agent printed it (only with raw=true). */
  payload?: unknown;
};

export async function listExecutionEvents(
  execution: { id: string; agent: string },
  options: { afterSeq: number; limit: number; raw?: boolean },
): Promise<ExecutionEventDto[]> {
  const rows = await prisma.executionEvent.findMany({
    where: { executionId: execution.id, seq: { gt: options.afterSeq } },
    orderBy: { seq: "asc" },
    take: options.limit,
    // Not search_text: a copy of the event's words for the search index, which no reader of the log needs.
    select: { seq: true, stream: true, kind: true, payload: true, createdAt: true },
  });
  return rows.map((row) => ({
    seq: row.seq,
    stream: row.stream,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    entries: normalizeStoredEvent(execution.agent, { stream: row.stream, kind: row.kind, payload: row.payload }),
    ...(options.raw ? { payload: row.payload } : {}),
  }));
}
