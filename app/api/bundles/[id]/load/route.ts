import { loadBundleSchema } from "@/lib/bundles/schema";
import { loadBundle } from "@/server/bundles/load-bundle";
import { idempotencyKeyOf } from "@/server/executions/http/created-response";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/bundles/:id/load { prompt, agent? } → 201 { mode, sessionId, issueId, execution }
 * Continues the bundle's most recently active session (or starts a new
 * execution on its first issue) with the bundle's context expanded.
 * 422 when there is neither; Continue's 409s (runner offline, …) as they are.
 */
export const POST = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const input = await readJson(request, loadBundleSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await loadBundle(id, input.value, idempotencyKeyOf(request)), 201);
});
