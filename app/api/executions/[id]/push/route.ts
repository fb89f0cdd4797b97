import { resultResponse } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";
import { pushExecution } from "@/server/pulls/push-execution";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/executions/:id/push → Execution (with `pushed`): the line's branch (arbor/…) set to this turn's snapshot on the
 * project's remote. 409 with git's reason when the remote rejects it (non-fast-forward, auth) or there is no remote, branch or snapshot.
 */
export const POST = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await pushExecution(id));
});
