import { startFreshSchema } from "@/lib/executions/schema";
import { startFreshExecution } from "@/server/executions/start-fresh-execution";
import { createdResponse, idempotencyKeyOf } from "@/server/executions/http/created-response";
import { errorResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/executions/:id/start-fresh {prompt?, withConversation?} → 201 Execution: the same prompt by
 * default, in a new session that carries Arbor's transcript of the conversation before it (withConversation: false: without it)
 */
export const POST = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  // No body at all means "the same prompt".
  const input = await readJson(request, startFreshSchema, { whenEmpty: {} });
  if (!input.ok) return errorResponse(input.error);
  return createdResponse(await startFreshExecution(id, { ...input.value, idempotencyKey: idempotencyKeyOf(request) }));
});
