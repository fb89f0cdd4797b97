import { approvalListQuerySchema } from "@/lib/approvals/schema";
import { listApprovals } from "@/server/approvals/list-approvals";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

/** GET /api/approvals?status=pending|decided|all&executionId=&issueId=&limit= → { approvals, pendingCount } (pending: oldest first) */
export const GET = apiRoute(async (request: Request) => {
  const query = readQuery(request, approvalListQuerySchema);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await listApprovals(query.value));
});
