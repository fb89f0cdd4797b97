import { searchRequestSchema } from "@/lib/search/schema";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { search } from "@/server/search/search";

export const dynamic = "force-dynamic";

/**
 * GET /api/search?q=&limit= → SearchResponse
 * Full-text search over prompts, assistant text, tool calls, files touched
 * and session titles/descriptions; hits grouped by session (or execution),
 * each linking to its log entry (/executions/<id>#seq-<n>).
 */
export const GET = apiRoute(async (request: Request) => {
  const query = readQuery(request, searchRequestSchema);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await search(query.value));
});
