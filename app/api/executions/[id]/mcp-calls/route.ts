import { mcpListQuerySchema } from "@/lib/mcp/schema";
import { getExecutionMcpActivity } from "@/server/executions/get-execution-mcp-activity";
import { errorResponse, resultResponse } from "@/server/http/responses";
import { readQuery } from "@/server/http/validation";
import { apiRoute } from "@/server/http/api-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** GET /api/executions/:id/mcp-calls?limit= → { consulted, calls, callCount, raisedIssues, citations }: what the run did through Arbor's MCP server */
export const GET = apiRoute(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const query = readQuery(request, mcpListQuerySchema);
  if (!query.ok) return errorResponse(query.error);
  return resultResponse(await getExecutionMcpActivity(id, query.value));
});
