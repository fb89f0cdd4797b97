import "server-only";
import type { LogEntry } from "@/lib/executions/log-entries";
import { listExecutionEvents } from "@/server/executions/list-execution-events";

const PAGE = 5_000;

/** Hands every event's log entries to `add`, in order, reading the whole log a page at a time (memory stays flat on a long one). */
export async function readExecutionLog(execution: { id: string; agent: string }, add: (entries: LogEntry[]) => void): Promise<void> {
  for (let after = 0; ; ) {
    const events = await listExecutionEvents(execution, { afterSeq: after, limit: PAGE });
    for (const event of events) add(event.entries);
    if (events.length < PAGE) return;
    after = events[events.length - 1].seq;
  }
}
