import type { AgentDefinition, McpAttachment } from "@/server/agents/types";
import { prisma } from "@/server/db";
import { grantMcpToken, mintMcpToken } from "@/server/mcp/mcp-token";

// Whether a turn's agent gets Arbor's MCP server, and its token: for an agent
// whose driver attaches it, when this runner knows where the server answers
// (ARBOR_MCP_URL) and the run's project has not turned it off. The token is
// granted to the execution before the agent starts; only its hash is stored.

export type McpGrant = { attachment: McpAttachment; tokenHash: string };

/** Where the agent of a turn in this project reaches Arbor's MCP server, or null when it gets none. */
export async function mcpUrlFor(projectId: string | null, agent: AgentDefinition, env: NodeJS.ProcessEnv): Promise<string | null> {
  const url = env.ARBOR_MCP_URL;
  if (!agent.attachesMcp || !url) return null;
  if (projectId) {
    const project = await prisma.project.findUnique({ where: { id: projectId }, select: { mcp: true } });
    if (project && !project.mcp) return null;
  }
  return url;
}

/** A token of its own for an attachment at `url` (not yet good for any execution). */
export function mintMcpGrant(url: string): McpGrant {
  const { token, hash } = mintMcpToken();
  return { attachment: { url, token }, tokenHash: hash };
}

export async function attachMcp(execution: { id: string; projectId: string | null }, agent: AgentDefinition, env: NodeJS.ProcessEnv): Promise<McpGrant | null> {
  const url = await mcpUrlFor(execution.projectId, agent, env);
  if (!url) return null;
  const grant = mintMcpGrant(url);
  await grantMcpToken(grant.tokenHash, execution.id);
  return grant;
}
