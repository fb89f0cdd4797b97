import "server-only";
import type { ExecutionDto } from "@/lib/executions/schema";
import type { ExecutionEventPage } from "@/lib/executions/log-schema";
import { LOG_PAGE_SIZE } from "@/lib/executions/log-loader";
import { ok, type Result } from "@/lib/result";
import { getExecution } from "@/server/executions/get-execution";
import { readEventPage, tailStart } from "@/server/executions/read-event-page";

export type ExecutionPageData = { execution: ExecutionDto; tail: ExecutionEventPage };

/**
 * What the execution page draws in its HTML: the execution and the last
 * `tail` events of its log (and any that came since, as the browser's
 * request for the tail reads them), exactly as the API answers them (JSON values,
 * no Dates), so the browser's cache takes them as if it had asked
 * (app/executions/[id]/page.tsx).
 */
export async function readExecutionPage(id: string, tail: number): Promise<Result<ExecutionPageData>> {
  const execution = await getExecution(id);
  if (!execution.ok) return execution;
  const page = await readEventPage(execution.value, { after: tailStart(execution.value.eventCount, tail), limit: LOG_PAGE_SIZE });
  return ok(JSON.parse(JSON.stringify({ execution: execution.value, tail: page })) as ExecutionPageData);
}
