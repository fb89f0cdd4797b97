import { ruleMatches, type PermissionRule } from "@/lib/permissions/rules";
import { ARBOR_MCP_TOOLS, type McpAttachment } from "@/server/agents/launch-types";

// Arbor's MCP server on a Codex run. Verified against Codex 0.169.0 with the
// Responses-API stand-in and the real /api/mcp:
// - `-c mcp_servers.arbor.url=…` adds a streamable-HTTP server for this run
//   only; nothing is written to CODEX_HOME, and Codex itself connects (not
//   its sandbox), so it works under workspace-write.
// - `bearer_token_env_var` names the variable holding the token: Codex sends
//   `Authorization: Bearer <its value>`, so the token stays out of argv (argv
//   is stored with the launch). `http_headers` values are NOT expanded.
// - exec forces approval policy "never": an MCP call that needs approval
//   fails ("MCP tool call requires approval, but approval policy is never")
//   unless its approval mode is "approve" ("auto" and "writes" still fail for
//   cite/create_issue, which are not readOnlyHint). Each of Arbor's tools gets
//   its own `tools.<tool>.approval_mode`, so a tool Arbor adds later is not
//   allowed by accident.
// - A deny rule of the policy takes the tool away (`disabled_tools`): it is
//   not offered, and a call anyway comes back "unsupported call".
// - The agent's shell inherits the environment, token included (`echo
//   $ARBOR_MCP_TOKEN` printed it): `shell_environment_policy.set` blanks it
//   there. `.set.<VAR>` merges into the home's table, where `.exclude=[…]`
//   would replace a person's own exclude list; the MCP client still reads it.
// - Not `required = true`: a server that is down or hung would then fail the
//   turn (exit 1 after 30 s). Without it the turn goes on without the tools.
// - Which tools the model sees depends on the model: most get the namespace
//   `mcp__arbor` with functions `search_sessions`, …; models whose metadata
//   supports tool search (gpt-5.5 class) get only `tool_search` and find
//   `mcp__arbor` through it (no per-server switch turns that off).

export const CODEX_MCP_TOKEN_ENV = "ARBOR_MCP_TOKEN";
const SERVER = "arbor";

export type CodexMcpArgs = { args: string[]; env: Record<string, string> };

/** -c values are TOML; JSON strings and arrays of strings are valid TOML. */
const set = (key: string, value: string | string[]) => ["-c", `${key}=${JSON.stringify(value)}`];

/** The run's overrides and environment, Arbor's tools minus `denied`; null without an attachment. */
export function codexMcpArgs(mcp: McpAttachment | undefined, denied: readonly string[] = []): CodexMcpArgs | null {
  if (!mcp) return null;
  const server = `mcp_servers.${SERVER}`;
  const allowed = ARBOR_MCP_TOOLS.filter((tool) => !denied.includes(tool));
  return {
    args: [
      ...set(`${server}.url`, mcp.url),
      ...set(`${server}.bearer_token_env_var`, CODEX_MCP_TOKEN_ENV),
      ...allowed.flatMap((tool) => set(`${server}.tools.${tool}.approval_mode`, "approve")),
      ...(denied.length ? set(`${server}.disabled_tools`, [...denied]) : []),
      ...set(`shell_environment_policy.set.${CODEX_MCP_TOKEN_ENV}`, ""),
    ],
    env: { [CODEX_MCP_TOKEN_ENV]: mcp.token },
  };
}

/**
 * Which of Arbor's tools a rule (in Claude Code's syntax) covers, or null
 * when it is not about Arbor's server alone (`mcp__github`, `mcp__*`): Codex
 * can take Arbor's tools away for one run, no one else's. `mcp__arbor` is the
 * whole server, as in Claude Code. A specifier narrows nothing here: the tool
 * goes (`specific` says so, for the note).
 */
export function arborToolsOf(rule: PermissionRule): { tools: string[]; specific: boolean } | null {
  const prefix = `mcp__${SERVER}__`;
  if (rule.tool !== `mcp__${SERVER}` && !rule.tool.startsWith(prefix)) return null;
  const anyUse = { ...rule, specifier: null };
  const tools = ARBOR_MCP_TOOLS.filter((tool) => rule.tool === `mcp__${SERVER}` || ruleMatches(anyUse, { tool: `${prefix}${tool}`, argument: null }));
  return { tools, specific: rule.specifier !== null };
}
