import { type PermissionRule, parseRules, ruleMatches } from "@/lib/permissions/rules";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import { ARBOR_MCP_TOOLS, type McpAttachment } from "@/server/agents/launch-types";

// Arbor's MCP server on a Qwen Code run. Verified against Qwen Code 0.24.4
// with the Chat-Completions stand-in and an MCP server over streamable HTTP:
// - Where the server goes: the isolated home's settings.json ($QWEN_HOME,
//   Arbor's own home for Qwen, never the person's ~/.qwen) holds a constant
//   entry whose URL and token are both `${VAR}`s, which Qwen expands from its
//   environment when it loads settings (verified for httpUrl and headers).
//   Each launch sets ARBOR_MCP_URL and ARBOR_MCP_TOKEN, so two runners with
//   different URLs sharing the home never rewrite the file under each other's
//   running CLI, and the token is in no file. A launch without the server
//   removes both: Qwen warns "MCP server(s) failed to start: arbor" on
//   stderr and goes on without it, contacting nothing.
//   Not used: `--mcp-config <file>` does not expand `${VAR}` (the literal
//   "Bearer ${ARBOR_MCP_TOKEN}" got a 401), so the token would have to be in
//   the file; QWEN_CODE_SYSTEM_SETTINGS_PATH works, but replaces the lookup of
//   the operator's /etc/qwen-code/settings.json (the scope that overrides
//   every other, e.g. tools an operator excludes) and of system-defaults.json
//   beside it, so an Arbor run would silently drop an operator's enforcement.
// - `alwaysLoadTools`: the model is offered `mcp__arbor__<tool>` itself,
//   instead of reaching it through Qwen's tool_search / tool_call bridge.
// - Headless auto-edit refuses an MCP call ("…requires permission…") unless
//   it is allowed: each of Arbor's tools goes in --allowed-tools, under every
//   mode (ask does not ask for them then). A deny rule of the policy becomes
//   --exclude-tools (qwen-permissions.ts), which beat --allowed-tools for the
//   same name (verified), and a denied tool is not pre-allowed either.
// - A server that is down (or refuses the token) shows as "disconnected" in
//   init, with the same stderr warning; the turn goes on without its tools.

export const QWEN_MCP_URL_ENV = "ARBOR_MCP_URL";
export const QWEN_MCP_TOKEN_ENV = "ARBOR_MCP_TOKEN";

/** Arbor's server entry in the isolated home's settings.json: the same for every run. */
export const QWEN_MCP_SERVER = {
  httpUrl: `\${${QWEN_MCP_URL_ENV}}`,
  headers: { Authorization: `Bearer \${${QWEN_MCP_TOKEN_ENV}}` },
  alwaysLoadTools: true,
};

/**
 * The home's settings to merge (AgentDefinition.home.settings): the entry,
 * once the runner knows where Arbor's server answers (its ARBOR_MCP_URL).
 */
export function qwenMcpSettings(dir: string, env: Readonly<Record<string, string | undefined>>) {
  return env[QWEN_MCP_URL_ENV] ? [{ path: `${dir}/settings.json`, merge: { mcpServers: { arbor: QWEN_MCP_SERVER } } }] : [];
}

export const qwenMcpToolName = (tool: string) => `mcp__arbor__${tool}`;

/**
 * Arbor's tools a rule is about, when it is about nothing else: mcp__arbor__x,
 * a glob within mcp__arbor__ (mcp__arbor__*), or Claude Code's whole-server
 * mcp__arbor. Null for any other rule (another server's, mcp__*).
 */
export function arborToolsOf(rule: PermissionRule): string[] | null {
  if (rule.tool !== "mcp__arbor" && !rule.tool.startsWith("mcp__arbor__")) return null;
  return ARBOR_MCP_TOOLS.filter(
    (tool) => rule.tool === "mcp__arbor" || ruleMatches({ ...rule, specifier: null }, { tool: qwenMcpToolName(tool), argument: null }),
  ).map(qwenMcpToolName);
}

export type QwenMcp = { allowedTools: string[]; env: Record<string, string | undefined> };

/** What a launch adds for the server: the tools to allow and the environment the entry reads. */
export function qwenMcp(mcp: McpAttachment | undefined, permissions: EffectivePermissions | undefined, canAllow: boolean): QwenMcp {
  // Without the server, the entry's variables are removed, so Qwen contacts nothing (the runner's own ARBOR_MCP_URL is inherited otherwise).
  if (!mcp || !canAllow) return { allowedTools: [], env: { [QWEN_MCP_URL_ENV]: undefined, [QWEN_MCP_TOKEN_ENV]: undefined } };
  const denied = new Set(parseRules(permissions?.deny ?? []).flatMap((rule) => arborToolsOf(rule) ?? []));
  return {
    allowedTools: ARBOR_MCP_TOOLS.map(qwenMcpToolName).filter((name) => !denied.has(name)),
    env: { [QWEN_MCP_URL_ENV]: mcp.url, [QWEN_MCP_TOKEN_ENV]: mcp.token },
  };
}
