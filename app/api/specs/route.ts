import { resultResponse, errorResponse } from "@/server/http/responses";
import { readJson, readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { createSpecSchema, specListQuerySchema } from "@/lib/specs/schema";
import { createSpec } from "@/server/specs/create-spec";
import { listSpecs } from "@/server/specs/list-specs";

export const dynamic = "force-dynamic";

/** GET /api/specs?q=&limit= → { items: Spec[] } */
export const GET = apiRoute(async (request: Request) => {
  const query = readQuery(request, specListQuerySchema);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await listSpecs(query.value));
});

/** POST /api/specs { title, body? } → 201 Spec */
export const POST = apiRoute(async (request: Request) => {
  const input = await readJson(request, createSpecSchema);
  if (!input.ok) return errorResponse(input.error);
  return resultResponse(await createSpec(input.value), 201);
});
