import { bundleItemsSchema } from "@/lib/bundles/schema";
import { addBundleItems, setBundleItems } from "@/server/bundles/bundle-items";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/**
 * PUT /api/bundles/:id/items { items: [{ type, id } | "SPEC-2", …] } → Bundle
 * The whole ordered list (add, reorder and remove in one request).
 */
export const PUT = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const input = await readJson(request, bundleItemsSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await setBundleItems(id, input.value.items));
});

/** POST /api/bundles/:id/items { items } → Bundle: appends (items already there are kept where they are) */
export const POST = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const input = await readJson(request, bundleItemsSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await addBundleItems(id, input.value.items));
});
