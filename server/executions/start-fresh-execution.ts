import "server-only";
import { conflict, type Result } from "@/lib/result";
import { createExecution, type Created } from "@/server/executions/create-execution";
import { findExecution } from "@/server/executions/find-execution";

// After session_not_found (expired or deleted transcript) the person may run
// the same prompt in a new session; the new execution links back to the old one.
export async function startFreshExecution(sourceId: string, prompt: string | undefined, idempotencyKey?: string | null): Promise<Result<Created>> {
  const found = await findExecution(sourceId);
  if (!found.ok) return found;
  const source = found.value;
  if (source.status === "queued" || source.status === "running") {
    return conflict(`Execution ${source.id} is still ${source.status}; start fresh only after it has ended`);
  }
  return createExecution({
    issueId: source.issueId,
    prompt: prompt ?? source.prompt,
    agent: source.agent,
    cwd: source.cwd,
    idempotencyKey,
    restartedFromExecutionId: source.id,
  });
}
