import { listIssueExecutions } from "@/server/executions/list-issue-executions";
import { resultResponse } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/issues/:id/executions → Execution[] (oldest first) */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await listIssueExecutions(id));
});
