import "server-only";
import type { ExecutionSummary } from "@/lib/executions/schema";
import { ExecutionSummaryBuilder } from "@/lib/executions/summary";
import { ok, type Result } from "@/lib/result";
import { findExecution } from "@/server/executions/find-execution";
import { readExecutionLog } from "@/server/executions/read-execution-log";

/** What an execution did (final answer, tools, files, commands), read from its whole log page by page. */
export async function summarizeExecution(id: string): Promise<Result<ExecutionSummary>> {
  const found = await findExecution(id);
  if (!found.ok) return found;
  const execution = found.value;
  const builder = new ExecutionSummaryBuilder(execution.id);
  await readExecutionLog(execution, (entries) => builder.add(entries));
  return ok(builder.build());
}
