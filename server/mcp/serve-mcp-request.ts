import "server-only";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { jsonError } from "@/server/http/responses";
import { authenticateMcpRequest } from "@/server/mcp/authenticate-mcp-request";
import { buildArborMcpServer } from "@/server/mcp/build-arbor-mcp-server";
import { mcpPeerAllowed } from "@/server/mcp/mcp-peer";

// One HTTP request to Arbor's MCP server (streamable HTTP, stateless: each
// request gets its own server and transport, so any web process can answer
// it and nothing is held between calls). The caller is the running execution
// whose token it carries; anything else gets 401 before a tool runs.

/** The largest request body the server reads (a tool call's arguments are small). */
const MAX_BODY_BYTES = 256 * 1024;

export async function serveMcpRequest(request: Request): Promise<Response> {
  if (!(await mcpPeerAllowed(request.headers))) {
    return jsonError(403, "forbidden_peer", "Arbor's MCP server answers only this machine and its runners' machines");
  }
  const auth = await authenticateMcpRequest(request.headers.get("authorization"));
  if (!auth.ok) {
    return Response.json(
      { jsonrpc: "2.0", error: { code: -32001, message: auth.message }, id: null },
      { status: 401, headers: { "www-authenticate": 'Bearer realm="arbor-mcp"' } },
    );
  }
  const server = buildArborMcpServer(auth.caller);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    // With JSON responses the answer is complete once handleRequest returns.
    void server.close();
  }
}
