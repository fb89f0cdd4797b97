import { getSessionTree } from "@/server/executions/get-session-tree";
import { resultResponse } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/issues/:id/session-tree → { roots: [node] }, node = Execution + edge + isHead + children */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await getSessionTree(id));
});
