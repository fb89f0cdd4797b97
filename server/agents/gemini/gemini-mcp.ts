import { type PermissionRule, ruleMatches } from "@/lib/permissions/rules";
import { ARBOR_MCP_TOOLS, type McpAttachment } from "@/server/agents/launch-types";

// Arbor's MCP server on a Gemini CLI run. Verified against Gemini CLI 0.61.0
// with the Gemini-API stand-in and an MCP server over streamable HTTP:
// - Where the server goes: there is no flag for it, and a per-run system
//   settings file (GEMINI_CLI_SYSTEM_SETTINGS_PATH) is skipped unless it and
//   every parent directory are owned by root. So the isolated home's
//   .gemini/settings.json ($GEMINI_CLI_HOME, Arbor's own home for Gemini,
//   never the person's ~/.gemini; merged, their other keys kept) holds a
//   constant entry whose URL and token are both `${VAR}`s, which Gemini
//   expands from its environment (verified for httpUrl and headers). Each
//   launch sets ARBOR_MCP_URL and ARBOR_MCP_TOKEN: the URL may differ between
//   runs and runners, and two runners with different URLs sharing the home
//   would otherwise rewrite the file under each other's running CLI; this
//   way nothing in it changes and the token is in no file. A launch without
//   the server removes both: Gemini says "MCP issues detected" on stderr and
//   goes on without it, contacting nothing.
// - The model sees `mcp_arbor_<tool>`. Headless auto_edit does not even offer
//   an MCP tool unless something allows it: an allow rule for each of
//   Arbor's tools goes in the --policy file (gemini-permissions.ts), also
//   without a permission policy. A deny rule of the policy for one of them
//   is a deny at a higher priority, and the tool is not offered (verified).
//   `trust: true` on the entry would also work, but past every rule.
// - A server that is down shows only on stderr; the turn goes on without its tools.

export const GEMINI_MCP_URL_ENV = "ARBOR_MCP_URL";
export const GEMINI_MCP_TOKEN_ENV = "ARBOR_MCP_TOKEN";

/** Arbor's server entry in the isolated home's settings.json: the same for every run. */
export const GEMINI_MCP_SERVER = {
  httpUrl: `\${${GEMINI_MCP_URL_ENV}}`,
  headers: { Authorization: `Bearer \${${GEMINI_MCP_TOKEN_ENV}}` },
};

/** What the home's settings get (AgentDefinition.home.settings): the entry, once the runner knows where Arbor's server answers (its ARBOR_MCP_URL). */
export function geminiMcpSettings(env: Readonly<Record<string, string | undefined>>): Record<string, unknown> {
  return env[GEMINI_MCP_URL_ENV] ? { mcpServers: { arbor: GEMINI_MCP_SERVER } } : {};
}

export const geminiMcpToolName = (tool: string) => `mcp_arbor_${tool}`;

/**
 * Arbor's tools a rule is about (Gemini's names), when it is about nothing
 * else: mcp__arbor__x, a glob within mcp__arbor__ (mcp__arbor__*), or Claude
 * Code's whole-server mcp__arbor. Null for any other rule (mcp__*, another server's).
 */
export function arborToolsOf(rule: PermissionRule): string[] | null {
  if (rule.tool !== "mcp__arbor" && !rule.tool.startsWith("mcp__arbor__")) return null;
  return ARBOR_MCP_TOOLS.filter(
    (tool) => rule.tool === "mcp__arbor" || ruleMatches({ ...rule, specifier: null }, { tool: `mcp__arbor__${tool}`, argument: null }),
  ).map(geminiMcpToolName);
}

export type GeminiMcp = { allowTools: string[]; env: Record<string, string | undefined> };

/** What a launch adds for the server: the tools its policy file allows and the environment the entry reads. */
export function geminiMcp(mcp: McpAttachment | undefined, canPolicy: boolean): GeminiMcp {
  // Without the server, the entry's variables are removed, so Gemini contacts nothing (the runner's own ARBOR_MCP_URL is inherited otherwise).
  if (!mcp || !canPolicy) return { allowTools: [], env: { [GEMINI_MCP_URL_ENV]: undefined, [GEMINI_MCP_TOKEN_ENV]: undefined } };
  return { allowTools: ARBOR_MCP_TOOLS.map(geminiMcpToolName), env: { [GEMINI_MCP_URL_ENV]: mcp.url, [GEMINI_MCP_TOKEN_ENV]: mcp.token } };
}
