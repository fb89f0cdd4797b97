// Why a message could not be relayed to Arbor's MCP server, in words an MCP
// client can show to its person or its model: the server's own reason when it
// answered (401: the token; 403: the caller's machine), or that nothing
// answers at the URL. Pure.

import { isConnectError, isResetError, networkErrorCodes } from "../http";

/** A JSON-RPC error code and message for a request the bridge could not relay. */
export type RelayFailure = { code: number; message: string };

/** JSON-RPC's "server error" range: the bridge could not get an answer. */
export const UNREACHABLE_CODE = -32000;
/** The code Arbor's server uses for a refused token (server/mcp/serve-mcp-request.ts). */
export const UNAUTHORIZED_CODE = -32001;

const WHERE_FROM = "ARBOR_MCP_URL, else ARBOR_URL + /api/mcp";
const POSTING = "Error POSTing to endpoint: ";

export function describeRelayFailure(error: unknown, url: string): RelayFailure {
  const status = httpStatusOf(error);
  if (status !== undefined) {
    const reason = serverReason(error);
    if (status === 401) {
      return {
        code: UNAUTHORIZED_CODE,
        message: `Arbor's MCP server refused the token (401)${reason ? `: ${reason}` : ""}. ARBOR_MCP_TOKEN must be the token Arbor gave this run, and it is good only while the run's turn runs.`,
      };
    }
    if (status === 403) return { code: UNAUTHORIZED_CODE, message: `Arbor's MCP server refused this caller (403)${reason ? `: ${reason}` : ""}` };
    return {
      code: UNREACHABLE_CODE,
      message: `Arbor's MCP server at ${url} answered HTTP ${status}${reason ? `: ${reason}` : ""}${status === 404 ? ` (is the URL right? ${WHERE_FROM})` : ""}`,
    };
  }
  if (isConnectError(error)) {
    const code = networkErrorCodes(error)[0];
    return { code: UNREACHABLE_CODE, message: `Arbor's MCP server at ${url} is unreachable (${code}): is Arbor running there? (${WHERE_FROM})` };
  }
  if (isResetError(error)) return { code: UNREACHABLE_CODE, message: `The connection to Arbor's MCP server at ${url} broke before it answered` };
  // undici says only "fetch failed"; the reason is its cause ("bad port", …).
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  const detail = error instanceof Error ? `${error.message}${cause}` : String(error);
  return { code: UNREACHABLE_CODE, message: `Arbor's MCP server at ${url} gave no answer: ${oneLine(detail)}` };
}

/** The SDK's StreamableHTTPError carries the HTTP status as `code` (a number; network errors have string codes). */
function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof Error) || error.name === "AbortError") return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "number" && code >= 100 && code <= 599 ? code : undefined;
}

/** The reason in the answer's body: a JSON-RPC error's message, Arbor's `{ error: { message } }`, or its text. */
function serverReason(error: unknown): string {
  const text = error instanceof Error ? error.message : "";
  const at = text.indexOf(POSTING);
  const body = at >= 0 ? text.slice(at + POSTING.length).trim() : "";
  if (!body || body === "null") return "";
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string };
    const message = typeof parsed.error === "object" ? parsed.error?.message : parsed.error;
    if (typeof message === "string" && message.trim()) return oneLine(message);
  } catch {
    // not JSON: an HTML page or plain text, shown as it is (shortened)
  }
  return oneLine(body);
}

function oneLine(text: string, max = 300): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
