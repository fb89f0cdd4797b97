import { mcpListQuerySchema } from "@/lib/mcp/schema";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";
import { listSessionConsulters } from "@/server/sessions/list-session-consulters";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/sessions/:ref/consulted-by?limit= → { sessionId, items, total }: the runs that read the session through Arbor's MCP server, latest first */
export const GET = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const query = readQuery(request, mcpListQuerySchema);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await listSessionConsulters(id, query.value));
});
