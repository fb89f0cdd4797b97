import { fanOutSchema } from "@/lib/groups/schema";
import { nowMs } from "@/lib/executions/timings";
import { fanOut } from "@/server/groups/fan-out";
import { idempotencyKeyOf } from "@/server/executions/http/created-response";
import { errorResponse, json } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

/**
 * POST /api/executions/fan-out { issueId? | fromExecutionId?, prompt, runs: [{ agent, model? }] (2–8), projectId?, startRef?, permissions? }
 * → 201 { group, executions }; all or nothing (a refused member is a 4xx naming it, and nothing is queued).
 */
export const POST = apiRoute(async (request: Request) => {
  const requestedAt = nowMs();
  const input = await readJson(request, fanOutSchema);
  if (!input.ok) return errorResponse(input.error);
  const result = await fanOut(input.value, idempotencyKeyOf(request), requestedAt);
  if (!result.ok) return errorResponse(result.error);
  const { replayed, ...body } = result.value;
  return json(body, 201, replayed ? { "Idempotent-Replayed": "true" } : undefined);
});
