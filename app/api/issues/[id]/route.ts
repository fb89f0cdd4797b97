import { resultResponse, errorResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { updateIssueSchema } from "@/lib/issues/schema";
import { deleteIssue } from "@/server/issues/delete-issue";
import { getIssue } from "@/server/issues/get-issue";
import { updateIssue } from "@/server/issues/update-issue";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/issues/:id → Issue (ids are case-insensitive) */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await getIssue(id));
});

/** PATCH /api/issues/:id { title?, body?, status?, priority?, specId? } → Issue */
export const PATCH = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const input = await readJson(request, updateIssueSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await updateIssue(id, input.value));
});

/** DELETE /api/issues/:id → { id, deleted } */
export const DELETE = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await deleteIssue(id));
});
