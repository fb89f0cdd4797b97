import { applyPreviewQuerySchema } from "@/lib/diff/schema";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { previewApply } from "@/server/diff/preview-apply";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/**
 * GET /api/executions/:id/apply-preview?maxBytes= → ApplyPreview: what Apply would give the base branch (files, +/−,
 * patch, whether it merges cleanly, the base branch's head, what would make Apply refuse now). Changes nothing.
 * 409 when there is nothing to preview (no snapshot, no base branch, no history in common with it).
 */
export const GET = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const query = readQuery(request, applyPreviewQuerySchema);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await previewApply(id, { maxPatchBytes: query.value.maxBytes }));
});
