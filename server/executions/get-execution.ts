import "server-only";
import { ok, type Result } from "@/lib/result";
import type { ExecutionDto } from "@/lib/executions/schema";
import { toExecutionDto } from "@/server/executions/execution-dto";
import { findExecution } from "@/server/executions/find-execution";
import { findBlockingTurn } from "@/server/executions/session-head";

export async function getExecution(id: string): Promise<Result<ExecutionDto>> {
  const found = await findExecution(id);
  if (!found.ok) return found;
  const blocking = await findBlockingTurn(found.value);
  return ok(toExecutionDto(found.value, { waitingForExecutionId: blocking?.id ?? null }));
}
