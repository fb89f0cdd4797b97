import { readIssueTree } from "@/server/executions/read-issue-tree";
import { resultResponse } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/issues/:id/tree-summary → { executions: [Execution + consulted] }, flat, oldest first: the issue page builds its session tree from it. */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await readIssueTree(id));
});
