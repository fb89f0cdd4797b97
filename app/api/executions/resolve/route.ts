import { resolveExecutionQuerySchema } from "@/lib/executions/execution-ref";
import { resolveExecutionRef } from "@/server/executions/resolve-execution-ref";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

/**
 * GET /api/executions/resolve?ref=3f2a9c1e → { execution: { id, issueId, managedSessionId, status, prompt, createdAt } }:
 * the execution a short id (as the UI and the CLI print it) names. 409 when several ids start so
 * (`details.matches`), 404 when none does, 422 when `ref` is not the start of an id or has fewer than 8 hex characters.
 * (A static segment: Next matches it before `[id]`, as it does `stream`.)
 */
export const GET = apiRoute(async (request: Request) => {
  const query = readQuery(request, resolveExecutionQuerySchema);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await resolveExecutionRef(query.value.ref));
});
