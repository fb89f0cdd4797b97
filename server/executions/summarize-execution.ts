import "server-only";
import type { ExecutionSummary } from "@/lib/executions/schema";
import { ExecutionSummaryBuilder } from "@/lib/executions/summary";
import { ok, type Result } from "@/lib/result";
import { findExecution } from "@/server/executions/find-execution";
import { listExecutionEvents } from "@/server/executions/list-execution-events";

const PAGE = 5_000;

/** What an execution did (final answer, tools, files, commands), read from its whole log page by page. */
export async function summarizeExecution(id: string): Promise<Result<ExecutionSummary>> {
  const found = await findExecution(id);
  if (!found.ok) return found;
  const execution = found.value;
  const builder = new ExecutionSummaryBuilder(execution.id);
  for (let after = 0; ; ) {
    const events = await listExecutionEvents(execution, { afterSeq: after, limit: PAGE });
    for (const event of events) builder.add(event.entries);
    if (events.length < PAGE) break;
    after = events[events.length - 1].seq;
  }
  return ok(builder.build());
}
