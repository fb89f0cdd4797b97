import { importBundle } from "@/server/bundles/import-bundle";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readJson } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { z } from "zod";

export const dynamic = "force-dynamic";

/**
 * POST /api/bundles/import <an export document> → 201 Bundle (a new id)
 * Malformed documents and unknown references → 422 listing all of them; nothing is stored then.
 */
export const POST = apiRoute(async (request: Request) => {
  const body = await readJson(request, z.unknown());
  if (!body.ok) return errorResponse(body.error);
  return resultResponse(await importBundle(body.value), 201);
});
