import { forkSchema } from "@/lib/executions/schema";
import { nowMs } from "@/lib/executions/timings";
import { branchExecution } from "@/server/executions/branch-execution";
import { createdResponse, idempotencyKeyOf } from "@/server/executions/http/created-response";
import { errorResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** POST /api/executions/:id/fork {prompt, agent?, model?, freshSession?, permissions?} → 201 Execution (another agent: a new session of it carrying Arbor's transcript) */
export const POST = apiRoute(async (request: Request, { params }: Context) => {
  const requestedAt = nowMs();
  const { id } = await params;
  const input = await readJson(request, forkSchema);
  if (!input.ok) return errorResponse(input.error);
  return createdResponse(
    await branchExecution(id, "fork", input.value.prompt, idempotencyKeyOf(request), {
      forceFresh: input.value.freshSession,
      requestedAt,
      permissions: input.value.permissions,
      agent: input.value.agent,
      model: input.value.model,
    }),
  );
});
