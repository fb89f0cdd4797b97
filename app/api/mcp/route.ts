import { apiRoute } from "@/server/http/api-route";
import { jsonError } from "@/server/http/responses";
import { serveMcpRequest } from "@/server/mcp/serve-mcp-request";

export const dynamic = "force-dynamic";

// Arbor's MCP server `arbor` (server/mcp/), over streamable HTTP, for the
// agents of running executions: `Authorization: Bearer <the run's token>`
// instead of ARBOR_TOKEN. Stateless, so there is no stream to open (GET) and
// no session to end (DELETE).

/** POST /api/mcp — one JSON-RPC message (or batch) → its JSON answer */
export const POST = apiRoute(serveMcpRequest, { ownCredential: true });

const stateless = () => jsonError(405, "method_not_allowed", "Arbor's MCP server is stateless: send JSON-RPC messages with POST");
export const GET = apiRoute(stateless, { ownCredential: true });
export const DELETE = apiRoute(stateless, { ownCredential: true });
