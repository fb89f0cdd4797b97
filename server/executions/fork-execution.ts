import "server-only";
import { branchExecution } from "@/server/executions/branch-execution";

export function forkExecution(sourceId: string, prompt: string, idempotencyKey?: string | null) {
  return branchExecution(sourceId, "fork", prompt, idempotencyKey);
}
