import { applyExecutionSchema } from "@/lib/diff/schema";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { applyExecution } from "@/server/diff/apply-execution";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/executions/:id/apply { strategy?: "squash" (default) | "merge", message? } → ApplyResult (GET …/apply-preview shows it first).
 * 409 (nothing changed) for a dirty main checkout, another branch checked out, conflicts (details.files), or no snapshot.
 */
export const POST = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const input = await readJson(request, applyExecutionSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await applyExecution(id, input.value));
});
