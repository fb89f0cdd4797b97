import { continueSchema } from "@/lib/executions/schema";
import { nowMs } from "@/lib/executions/timings";
import { branchExecution } from "@/server/executions/branch-execution";
import { checkFollowUpPrompt } from "@/server/executions/check-follow-up-prompt";
import { reviewFollowUpPrompt } from "@/server/pulls/review-prompt";
import { createdResponse, idempotencyKeyOf } from "@/server/executions/http/created-response";
import { errorResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/executions/:id/continue {prompt, freshSession?, permissions?, withCheck?, withReview?} → 201 Execution.
 * withCheck: the prompt carries the turn's failing check and its output's tail; withReview: the line's pull
 * request's review comments and failing CI (`prompt`, optional then, follows them).
 */
export const POST = apiRoute(async (request: Request, { params }: Context) => {
  const requestedAt = nowMs();
  const { id } = await params;
  const input = await readJson(request, continueSchema);
  if (!input.ok) return errorResponse(input.error);
  let prompt = input.value.prompt ?? "";
  // What the turn carries, composed before anything is recorded: a refusal (nothing to carry) is a 409 and no turn.
  const parts: string[] = [];
  if (input.value.withReview) {
    const review = await reviewFollowUpPrompt(id);
    if (!review.ok) return errorResponse(review.error);
    parts.push(review.value);
  }
  if (input.value.withCheck) {
    const check = await checkFollowUpPrompt(id);
    if (!check.ok) return errorResponse(check.error);
    parts.push(check.value);
  }
  if (parts.length > 0) prompt = [...parts, ...(input.value.prompt?.trim() ? [input.value.prompt.trim()] : [])].join("\n\n");
  return createdResponse(
    await branchExecution(id, "continue", prompt, idempotencyKeyOf(request), {
      forceFresh: input.value.freshSession,
      requestedAt,
      permissions: input.value.permissions,
    }),
  );
});
