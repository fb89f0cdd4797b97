import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { prisma } from "@/server/db";
import { dbPool } from "@/server/db-pool";
import { grantMcpToken, mintMcpToken } from "@/server/mcp/mcp-token";
import { indexAllPendingEvents } from "@/server/search/index-pending-events";
import { ensureSessionOf } from "@/server/sessions/record-session-capture";

// Rows and clients for tests of Arbor's MCP server: an earlier turn whose
// stored events say something searchable, a running execution holding a
// token, and an MCP client (the official SDK's) that calls the server as an
// agent's would.

/** A completed turn with an assistant message and a tool call, in its own session, indexed for search. */
export async function storedTurn(issueId: string, prompt: string, answer: string, options: { tool?: string } = {}) {
  const id = randomUUID();
  await prisma.execution.create({
    data: { id, issueId, agent: "claude", prompt, cwd: "/tmp", status: "completed", sessionId: randomUUID(), sessionConfirmed: true, finishedAt: new Date() },
  });
  const events = [
    { kind: "assistant", payload: { type: "assistant", message: { content: [{ type: "text", text: answer }] } }, searchText: answer },
    ...(options.tool
      ? [
          {
            kind: "assistant",
            payload: { type: "assistant", message: { content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command: options.tool } }] } },
            searchText: options.tool,
          },
        ]
      : []),
    { kind: "result", payload: { type: "result", subtype: "success", is_error: false, result: answer }, searchText: null },
  ];
  await prisma.executionEvent.createMany({
    data: events.map((e, i) => ({ executionId: id, seq: i + 1, stream: "stdout", kind: e.kind, payload: e.payload, searchText: e.searchText })),
  });
  // The runner counts what it stored; the search indexer reads up to that count.
  await prisma.execution.update({ where: { id }, data: { eventCount: events.length } });
  const sessionId = await ensureSessionOf(id);
  await indexAllPendingEvents(dbPool, { executionId: id });
  return { executionId: id, sessionId: sessionId! };
}

/** A running execution of `issueId` and the MCP token its agent would hold. */
export async function runningTurn(issueId: string, projectId: string | null = null) {
  const id = randomUUID();
  await prisma.execution.create({
    data: { id, issueId, agent: "claude", prompt: "work on it", cwd: "/tmp", status: "running", projectId, startedAt: new Date() },
  });
  const { token, hash } = mintMcpToken();
  await grantMcpToken(hash, id);
  return { executionId: id, token };
}

export async function mcpClient(url: string, token: string | null): Promise<Client> {
  const client = new Client({ name: "arbor-test", version: "1.0.0" });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** The text of a tool's answer. */
export function answerText(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? "").join("\n");
}
