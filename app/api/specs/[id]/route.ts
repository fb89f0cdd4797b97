import { resultResponse, errorResponse } from "@/server/http/responses";
import { readJson, readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { deleteSpecQuerySchema, updateSpecSchema } from "@/lib/specs/schema";
import { deleteSpec } from "@/server/specs/delete-spec";
import { getSpec } from "@/server/specs/get-spec";
import { updateSpec } from "@/server/specs/update-spec";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/specs/:id → Spec (ids are case-insensitive) */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await getSpec(id));
});

/** PATCH /api/specs/:id { title?, body? } → Spec */
export const PATCH = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const input = await readJson(request, updateSpecSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await updateSpec(id, input.value));
});

/** DELETE /api/specs/:id[?detachIssues=true] → { id, deleted, detachedIssueCount }; 409 if it has issues */
export const DELETE = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const query = readQuery(request, deleteSpecQuerySchema);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await deleteSpec(id, { detachIssues: query.value.detachIssues }));
});
