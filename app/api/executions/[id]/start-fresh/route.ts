import { startFreshSchema } from "@/lib/executions/schema";
import { startFreshExecution } from "@/server/executions/start-fresh-execution";
import { createdResponse, idempotencyKeyOf } from "@/server/executions/http/created-response";
import { errorResponse } from "@/server/http/responses";
import { validate } from "@/server/http/validation";
import { withErrorHandling } from "@/server/http/with-error-handling";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** POST /api/executions/:id/start-fresh {prompt?} → 201 Execution (same prompt by default, new session) */
export const POST = withErrorHandling(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const text = await request.text();
  let body: unknown = {};
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      return errorResponse({ code: "bad_request", message: "Request body is not valid JSON" });
    }
  }
  const input = validate(startFreshSchema, body);
  if (!input.ok) return errorResponse(input.error);
  return createdResponse(await startFreshExecution(id, input.value.prompt, idempotencyKeyOf(request)));
});
