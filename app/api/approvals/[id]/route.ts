import { decideApprovalSchema } from "@/lib/approvals/schema";
import { decideApproval } from "@/server/approvals/decide-approval";
import { getApproval } from "@/server/approvals/get-approval";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/approvals/:id (APR-n, or n) → Approval */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await getApproval(id));
});

/** POST /api/approvals/:id { decision: allow|deny, scope?: once|session|project, message?, answers?, decidedBy? } → Approval; 409 once decided */
export const POST = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const input = await readJson(request, decideApprovalSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await decideApproval(id, input.value));
});
