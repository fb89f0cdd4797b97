import type { AgentDefinition, McpAttachment } from "@/server/agents/types";
import { prisma } from "@/server/db";
import { grantMcpToken, mintMcpToken } from "@/server/mcp/mcp-token";

// Whether a turn's agent gets Arbor's MCP server, and its token: for an agent
// whose driver attaches it, when this runner knows where the server answers
// (ARBOR_MCP_URL) and the run's project has not turned it off. The token is
// granted to the execution before the agent starts; only its hash is stored.

export type McpGrant = { attachment: McpAttachment; tokenHash: string };

export async function attachMcp(execution: { id: string; projectId: string | null }, agent: AgentDefinition, env: NodeJS.ProcessEnv): Promise<McpGrant | null> {
  const url = env.ARBOR_MCP_URL;
  if (!agent.attachesMcp || !url) return null;
  if (execution.projectId) {
    const project = await prisma.project.findUnique({ where: { id: execution.projectId }, select: { mcp: true } });
    if (project && !project.mcp) return null;
  }
  const { token, hash } = mintMcpToken();
  await grantMcpToken(hash, execution.id);
  return { attachment: { url, token }, tokenHash: hash };
}
