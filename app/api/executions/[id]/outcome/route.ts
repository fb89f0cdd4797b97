import { executionOutcomeQuery, markExecutionSchema, unmarkExecutionQuery } from "@/lib/outcomes/schema";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson, readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { getExecutionOutcome } from "@/server/outcomes/get-execution-outcome";
import { markExecution, unmarkExecution } from "@/server/outcomes/mark-execution";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/executions/:id/outcome[?over=<id>] → ExecutionOutcome */
export const GET = apiRoute(async (request: Request, { params }: Context) => {
  const query = readQuery(request, executionOutcomeQuery);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await getExecutionOutcome((await params).id, { over: query.value.over }));
});

/** PUT /api/executions/:id/outcome {mark: worked|failed|preferred, note?, over?, by?, via?} → ExecutionOutcome */
export const PUT = apiRoute(async (request: Request, { params }: Context) => {
  const input = await readJson(request, markExecutionSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await markExecution((await params).id, input.value));
});

/** DELETE /api/executions/:id/outcome[?mark=verdict|preferred] → ExecutionOutcome */
export const DELETE = apiRoute(async (request: Request, { params }: Context) => {
  const query = readQuery(request, unmarkExecutionQuery);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await unmarkExecution((await params).id, query.value.mark));
});
