import { resultResponse } from "@/server/http/responses";
import { apiRoute } from "@/server/http/api-route";
import { listIssuePullRequests } from "@/server/pulls/list-issue-pull-requests";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/issues/:id/pull-requests → { items }: its lines' PRs (branch, number, url, state, CI, review comment count). */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await listIssuePullRequests(id));
});
