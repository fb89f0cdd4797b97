import { createExecutionSchema } from "@/lib/executions/schema";
import { nowMs } from "@/lib/executions/timings";
import { createExecution } from "@/server/executions/create-execution";
import { listExecutions } from "@/server/executions/list-executions";
import { isFilteredQuery, listFilteredExecutions } from "@/server/insights/list-filtered-executions";
import { createdResponse, idempotencyKeyOf } from "@/server/executions/http/created-response";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

/** POST /api/executions {issueId, prompt, agent? (default: the project's default agent, else claude), model?, projectId?, sharedDirectory?, startRef?, cwd?} → 201 Execution (where it works: resolve-run-place.ts), with registeredProject when its cwd's repository was registered now */
export const POST = apiRoute(async (request: Request) => {
  const requestedAt = nowMs();
  const input = await readJson(request, createExecutionSchema);
  if (!input.ok) return errorResponse(input.error);
  const created = await createExecution({ ...input.value, idempotencyKey: idempotencyKeyOf(request), requestedAt });
  // A cwd in a git repository no project had registered it: the answer says so (createExecutionResponseSchema).
  if (created.ok && created.value.registeredProject) {
    const { execution, registeredProject } = created.value;
    return createdResponse({ ...created, value: { ...created.value, execution: { ...execution, registeredProject } as typeof execution } });
  }
  return createdResponse(created);
});

/**
 * GET /api/executions?status=running,queued&issueId=&limit=20 → { items: [Execution & { issueTitle }] }, newest first.
 * With any of Insights' filters (agent, since, verdict=worked, …): the executions behind a number, paged, with a total.
 */
export const GET = apiRoute(async (request: Request) => {
  const query = Object.fromEntries(new URL(request.url).searchParams.entries());
  return resultResponse(await (isFilteredQuery(query) ? listFilteredExecutions(query) : listExecutions(query)));
});
