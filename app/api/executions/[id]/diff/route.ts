import { diffQuerySchema } from "@/lib/diff/schema";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { diffExecution } from "@/server/diff/diff-execution";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/executions/:id/diff?maxBytes= → ExecutionDiff (start → snapshot); 409 when it has no snapshot yet */
export const GET = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const query = readQuery(request, diffQuerySchema);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await diffExecution(id, { maxPatchBytes: query.value.maxBytes }));
});
