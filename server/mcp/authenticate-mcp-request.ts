import "server-only";
import { prisma } from "@/server/db";
import { hashMcpToken } from "@/server/mcp/mcp-token";

// Who is calling Arbor's MCP server: the running execution whose process holds
// the bearer token. A token is good only while one of its executions runs, so
// a finished turn's token (or one never minted) is refused with 401.

/** `prestarted`: a pre-started agent no run has taken yet (server/runner/warm/prestart-pool.ts): its connection is answered, its tool calls are not. */
export type McpCaller = { executionId: string; issueId: string; projectId: string | null; agent: string; prestarted?: true };

export type McpAuthentication = { ok: true; caller: McpCaller } | { ok: false; message: string };

const TOKEN_SHAPE = /^arbor_mcp_[A-Za-z0-9_-]{43}$/;

export async function authenticateMcpRequest(authorization: string | null): Promise<McpAuthentication> {
  const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (!bearer) return { ok: false, message: "Arbor's MCP server needs the run's token: send Authorization: Bearer <token>" };
  if (!TOKEN_SHAPE.test(bearer)) return { ok: false, message: "That is not an Arbor MCP token" };
  const hash = hashMcpToken(bearer);
  const row = await prisma.mcpToken.findFirst({
    where: { tokenHash: hash, execution: { status: "running" } },
    select: { execution: { select: { id: true, issueId: true, projectId: true, agent: true } } },
  });
  if (!row) {
    // The CLI of a pre-started agent connects as it starts, before a run takes it.
    const waiting = await prisma.prestartedAgent.findFirst({ where: { mcpTokenHash: hash }, select: { projectId: true, agent: true } });
    if (waiting) return { ok: true, caller: { executionId: "", issueId: "", projectId: waiting.projectId, agent: waiting.agent, prestarted: true } };
    return { ok: false, message: "This MCP token is not good now: it belongs to no running turn" };
  }
  const e = row.execution;
  return { ok: true, caller: { executionId: e.id, issueId: e.issueId, projectId: e.projectId, agent: e.agent } };
}
