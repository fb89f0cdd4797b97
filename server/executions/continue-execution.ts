import "server-only";
import { branchExecution } from "@/server/executions/branch-execution";

export function continueExecution(sourceId: string, prompt: string, idempotencyKey?: string | null) {
  return branchExecution(sourceId, "continue", prompt, idempotencyKey);
}
