import "server-only";
import type { ExecutionEventPage } from "@/lib/executions/log-schema";
import { listExecutionEvents } from "@/server/executions/list-execution-events";

/** Where a log's last `tail` events start (the seq before them). */
export const tailStart = (eventCount: number, tail: number) => Math.max(0, eventCount - tail);

/** One page of an execution's log as GET /api/executions/:id/events answers it: up to `limit` events after `after`. */
export async function readEventPage(
  execution: { id: string; agent: string },
  options: { after: number; limit: number; raw?: boolean },
): Promise<ExecutionEventPage> {
  const events = await listExecutionEvents(execution, { afterSeq: options.after, limit: options.limit, raw: options.raw });
  return { events, nextAfter: events.at(-1)?.seq ?? options.after, after: options.after };
}
