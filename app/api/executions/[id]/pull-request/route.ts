import { createPullRequestSchema } from "@/lib/pulls/schema";
import { errorResponse, json, resultResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { getPullRequest } from "@/server/pulls/get-pull-request";
import { openPullRequest } from "@/server/pulls/open-pull-request";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/executions/:id/pull-request → PullRequest (read from GitHub first when stale); 409 when the line has none. */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await getPullRequest(id));
});

/**
 * POST /api/executions/:id/pull-request { title?, body? } → 201 PullRequest (pushed first when needed; Arbor writes the
 * title and body from the session when not given); 200 with the line's PR when it has one. GitHub's refusals: 404, 422, 502.
 */
export const POST = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const input = await readJson(request, createPullRequestSchema, { whenEmpty: {} });
  if (!input.ok) return errorResponse(input.error);
  const opened = await openPullRequest(id, input.value);
  if (!opened.ok) return errorResponse(opened.error);
  return json(opened.value.pullRequest, opened.value.created ? 201 : 200);
});
