import { createHash } from "node:crypto";
import path from "node:path";
import { ARBOR_MCP_TOOLS, type LaunchContext, type McpAttachment } from "@/server/agents/launch-types";

// Arbor's MCP server on a Claude Code run. Verified against Claude Code
// 2.1.330 with the Messages-API stand-in and the real /api/mcp:
// - `--mcp-config <file>` adds a server for this run only, beside the
//   person's own (no --strict-mcp-config: theirs stay); init reports it as
//   {"name":"arbor","status":"connected","source":"dynamic"} and the model is
//   offered `mcp__arbor__<tool>`.
// - Headers expand `${VAR}` from the process's environment, so the file is
//   the same for every run (written once, named by its content) and the token
//   travels in ARBOR_MCP_TOKEN, never in argv (argv is stored with the launch).
// - `alwaysLoad`: the tools are offered up front instead of behind ToolSearch.
// - Under acceptEdits an MCP tool is refused ("you haven't granted it yet")
//   unless allowed: each of Arbor's tools is passed as --allowedTools; a
//   --disallowedTools rule of the policy still wins.
// - A server that is down shows as "failed" in init; the turn goes on without its tools.

export const CLAUDE_MCP_TOKEN_ENV = "ARBOR_MCP_TOKEN";

export type ClaudeMcpArgs = { args: string[]; env: Record<string, string>; files: Array<{ path: string; content: string }> };

export function claudeMcpArgs(mcp: McpAttachment | undefined, context: LaunchContext): ClaudeMcpArgs | null {
  if (!mcp || !context.filesDir) return null;
  const config = { mcpServers: { arbor: { type: "http", url: mcp.url, headers: { Authorization: `Bearer \${${CLAUDE_MCP_TOKEN_ENV}}` }, alwaysLoad: true } } };
  const content = `${JSON.stringify(config, null, 2)}\n`;
  const file = path.join(context.filesDir, `claude-mcp-${createHash("sha256").update(content).digest("hex").slice(0, 16)}.json`);
  return {
    args: ["--mcp-config", file, ...ARBOR_MCP_TOOLS.flatMap((tool) => ["--allowedTools", `mcp__arbor__${tool}`])],
    env: { [CLAUDE_MCP_TOKEN_ENV]: mcp.token },
    files: [{ path: file, content }],
  };
}
