import { continueSchema } from "@/lib/executions/schema";
import { nowMs } from "@/lib/executions/timings";
import { branchExecution } from "@/server/executions/branch-execution";
import { checkFollowUpPrompt } from "@/server/executions/check-follow-up-prompt";
import { createdResponse, idempotencyKeyOf } from "@/server/executions/http/created-response";
import { errorResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/executions/:id/continue {prompt, freshSession?, permissions?, withCheck?} → 201 Execution.
 * withCheck: the prompt carries the turn's failing check and its output's tail (`prompt`, optional then, follows it).
 */
export const POST = apiRoute(async (request: Request, { params }: Context) => {
  const requestedAt = nowMs();
  const { id } = await params;
  const input = await readJson(request, continueSchema);
  if (!input.ok) return errorResponse(input.error);
  let prompt = input.value.prompt ?? "";
  if (input.value.withCheck) {
    const composed = await checkFollowUpPrompt(id, input.value.prompt);
    if (!composed.ok) return errorResponse(composed.error);
    prompt = composed.value;
  }
  return createdResponse(
    await branchExecution(id, "continue", prompt, idempotencyKeyOf(request), {
      forceFresh: input.value.freshSession,
      requestedAt,
      permissions: input.value.permissions,
    }),
  );
});
