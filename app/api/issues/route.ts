import { resultResponse, errorResponse } from "@/server/http/responses";
import { readJson, readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { createIssueSchema, issueListQuerySchema } from "@/lib/issues/schema";
import { createIssue } from "@/server/issues/create-issue";
import { listIssues } from "@/server/issues/list-issues";

export const dynamic = "force-dynamic";

/** GET /api/issues?q=&status=&specId=&limit= → { items: Issue[] } */
export const GET = apiRoute(async (request: Request) => {
  const query = readQuery(request, issueListQuerySchema);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await listIssues(query.value));
});

/** POST /api/issues { title, body?, status?, priority?, specId? } → 201 Issue */
export const POST = apiRoute(async (request: Request) => {
  const input = await readJson(request, createIssueSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await createIssue(input.value), 201);
});
