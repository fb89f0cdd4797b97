import { createHash } from "node:crypto";
import path from "node:path";
import type { LaunchContext, McpAttachment } from "@/server/agents/launch-types";

// Arbor's MCP server on an opencode run. Verified against opencode 1.18.33
// with the Chat-Completions stand-in and the real /api/mcp:
// - A config file named by OPENCODE_CONFIG is merged with the rest of
//   opencode's config (the provider in OPENCODE_CONFIG_CONTENT stayed), and
//   so is an `mcp` key inside OPENCODE_CONFIG_CONTENT.
// - Headers expand opencode's own `{env:VAR}`, so the file is the same for
//   every run (written once, named by its content) and the token travels in
//   ARBOR_MCP_TOKEN, never in argv (argv is stored with the launch).
// - `oauth: false`: a refused token is not followed by an OAuth attempt.
// - `timeout`: a server that accepts but never answers held the turn 76 s;
//   with 5 s it was 17.5 s. 10 s leaves room for a first request that
//   compiles the route (next dev) while still bounding a hung server.
// - The model is offered `arbor_<tool>`. Under Arbor's `edits` policy
//   ("*": "deny") those are not offered unless allowed by name
//   (opencode-permissions.ts adds them).
// - A server that is down or refuses the token: silent, the turn goes on
//   without its tools.
//
// OPENCODE_CONFIG may be the person's own (the credential check reads a
// provider from it): then the launch must not replace it, and the server goes
// into OPENCODE_CONFIG_CONTENT instead, merged over the person's content.
// If that content is not plain JSON (opencode also reads JSONC), nothing is
// attached rather than risk rewriting it. An agents file that sets
// OPENCODE_CONFIG_CONTENT itself wins over the plan's (planLaunch puts the
// operator's env last): the run then has no Arbor tools, and nothing else changes.

export const OPENCODE_MCP_TOKEN_ENV = "ARBOR_MCP_TOKEN";
export const OPENCODE_MCP_TIMEOUT_MS = 10_000;

export type OpencodeMcp = { env: Record<string, string>; files: Array<{ path: string; content: string }> };

export function opencodeMcp(mcp: McpAttachment | undefined, context: LaunchContext): OpencodeMcp | null {
  if (!mcp || !context.filesDir) return null;
  const arbor = {
    type: "remote",
    url: mcp.url,
    headers: { Authorization: `Bearer {env:${OPENCODE_MCP_TOKEN_ENV}}` },
    oauth: false,
    enabled: true,
    timeout: OPENCODE_MCP_TIMEOUT_MS,
  };
  const token = { [OPENCODE_MCP_TOKEN_ENV]: mcp.token };
  if (!context.env.OPENCODE_CONFIG?.trim()) {
    const content = `${JSON.stringify({ mcp: { arbor } }, null, 2)}\n`;
    const file = path.join(context.filesDir, `opencode-mcp-${createHash("sha256").update(content).digest("hex").slice(0, 16)}.json`);
    return { env: { OPENCODE_CONFIG: file, ...token }, files: [{ path: file, content }] };
  }
  const theirs = parseObject(context.env.OPENCODE_CONFIG_CONTENT);
  if (!theirs) return null;
  const merged = { ...theirs, mcp: { ...(isObject(theirs.mcp) ? theirs.mcp : {}), arbor } };
  return { env: { OPENCODE_CONFIG_CONTENT: JSON.stringify(merged), ...token }, files: [] };
}

/** The person's OPENCODE_CONFIG_CONTENT as an object ({} when unset), or null when it is not a JSON object. */
function parseObject(text: string | undefined): Record<string, unknown> | null {
  if (!text?.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
