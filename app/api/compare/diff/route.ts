import { compareDiffQuerySchema } from "@/lib/diff/schema";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { compareExecutions } from "@/server/diff/compare-executions";

export const dynamic = "force-dynamic";

/** GET /api/compare/diff?a=<execution>&b=<execution>&maxBytes= → CompareDiff (a's snapshot → b's snapshot) */
export const GET = apiRoute(async (request: Request) => {
  const query = readQuery(request, compareDiffQuerySchema);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await compareExecutions(query.value.a, query.value.b, { maxPatchBytes: query.value.maxBytes }));
});
