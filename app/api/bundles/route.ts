import { bundleListQuerySchema, createBundleSchema } from "@/lib/bundles/schema";
import { createBundle } from "@/server/bundles/create-bundle";
import { listBundles } from "@/server/bundles/list-bundles";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson, readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

/** GET /api/bundles?q=&limit= → { items: BundleSummary[] } (most recently changed first) */
export const GET = apiRoute(async (request: Request) => {
  const query = readQuery(request, bundleListQuerySchema);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await listBundles(query.value));
});

/** POST /api/bundles { name, description?, items? } → 201 Bundle; unknown item ids → 422 naming them */
export const POST = apiRoute(async (request: Request) => {
  const input = await readJson(request, createBundleSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await createBundle(input.value), 201);
});
