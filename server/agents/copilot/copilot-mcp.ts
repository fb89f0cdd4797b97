import { createHash } from "node:crypto";
import path from "node:path";
import type { LaunchContext, McpAttachment } from "@/server/agents/launch-types";

// Arbor's MCP server on a Copilot CLI run. Verified against Copilot CLI
// 1.0.102 (bring-your-own-key, Chat-Completions stand-in) and the real /api/mcp:
// - `--additional-mcp-config @<file>` adds a server for this run only,
//   beside the person's own (~/.copilot/mcp-config.json is left alone).
// - Headers expand `${VAR}` from the process's environment, so the file is
//   the same for every run (written once, named by its content) and the token
//   travels in ARBOR_MCP_TOKEN, never in argv (argv is stored with the launch).
// - Not `--secret-env-vars=ARBOR_MCP_TOKEN` (its help: stripped from shell
//   and MCP server environments, redacted from output): with it the header
//   no longer carried the token, and every request to the server got a 401.
// - The model is offered `arbor-<tool>`. Under `edits` (--allow-tool=write)
//   a call is refused ("no interactive user response was available") unless
//   allowed: copilot-permissions.ts adds --allow-tool=arbor(<tool>) for each.
// - A server that is down: the turn goes on without its tools (a hung one
//   holds the turn back about 3 minutes; no per-run setting shortens that).

export const COPILOT_MCP_TOKEN_ENV = "ARBOR_MCP_TOKEN";

export type CopilotMcp = { args: string[]; env: Record<string, string>; files: Array<{ path: string; content: string }> };

export function copilotMcp(mcp: McpAttachment | undefined, context: LaunchContext): CopilotMcp | null {
  const flags = context.capabilities?.flags;
  if (!mcp || !context.filesDir || !flags?.has("--additional-mcp-config")) return null;
  const config = { mcpServers: { arbor: { type: "http", url: mcp.url, headers: { Authorization: `Bearer \${${COPILOT_MCP_TOKEN_ENV}}` }, tools: ["*"] } } };
  const content = `${JSON.stringify(config, null, 2)}\n`;
  const file = path.join(context.filesDir, `copilot-mcp-${createHash("sha256").update(content).digest("hex").slice(0, 16)}.json`);
  return {
    args: ["--additional-mcp-config", `@${file}`],
    env: { [COPILOT_MCP_TOKEN_ENV]: mcp.token },
    files: [{ path: file, content }],
  };
}
