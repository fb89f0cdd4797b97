import { updateBundleSchema } from "@/lib/bundles/schema";
import { deleteBundle } from "@/server/bundles/delete-bundle";
import { getBundle } from "@/server/bundles/get-bundle";
import { updateBundle } from "@/server/bundles/update-bundle";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/bundles/:id → Bundle, items in order with their current titles */
export const GET = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await getBundle(id));
});

/** PATCH /api/bundles/:id { name?, description? } → Bundle */
export const PATCH = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const input = await readJson(request, updateBundleSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await updateBundle(id, input.value));
});

/** DELETE /api/bundles/:id → { id, deleted: true } */
export const DELETE = apiRoute(async (_request: Request, { params }: Context) => {
  const { id } = await params;
  return resultResponse(await deleteBundle(id));
});
