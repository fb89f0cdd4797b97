import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { POST as mcpRoute, GET as mcpGet } from "@/app/api/mcp/route";
import { GET as backlinksRoute } from "@/app/api/references/route";
import { prisma } from "@/server/db";
import { mintMcpToken } from "@/server/mcp/mcp-token";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { apiRequest, call } from "@/test/support/api";
import { resetDb } from "@/test/support/db";
import { makeIssue, makeSpec } from "@/test/support/factories";
import { answerText, mcpClient, runningTurn, storedTurn } from "@/test/support/mcp-fixtures";
import { startRouteServer, type RouteServer } from "@/test/support/route-server";

// Arbor's MCP server over real HTTP with the official SDK's client, as an
// agent's MCP client calls it: the run's token admits it (none, a wrong one or
// a finished turn's: 401), every tool answers from what Arbor stored, bad
// input is a tool error naming what is wrong, and each call is recorded.

jest.setTimeout(60_000);

let server: RouteServer;
let url: string;
let issueId: string;
let specId: string;
let earlier: { executionId: string; sessionId: string };
let turn: { executionId: string; token: string };
let client: Client;

beforeAll(async () => {
  await resetDb();
  server = await startRouteServer({ "/api/mcp": { POST: mcpRoute, GET: mcpGet } });
  url = `${server.url}/api/mcp`;
  specId = (await makeSpec({ title: "Sign-in" })).id;
  const old = await makeIssue({ title: "Sessions expire too early", specId });
  earlier = await storedTurn(old.id, "fix the expiry", "The refresh token was compared with quokkaclock skew; I fixed the comparison.", {
    tool: "npm test -- auth",
  });
  issueId = (await makeIssue({ title: "Users are logged out at midnight", body: `Like [[${old.id}]].` })).id;
  turn = await runningTurn(issueId);
  client = await mcpClient(url, turn.token);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

describe("who may call", () => {
  it("refuses a request without a token, with a wrong one, and with a finished turn's (401)", async () => {
    const init = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    const post = (authorization?: string) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(init),
      });
    expect((await post()).status).toBe(401);
    expect((await post("Bearer arbor_mcp_not-a-real-token")).status).toBe(401);
    const finished = await runningTurn(issueId);
    expect((await post(`Bearer ${finished.token}`)).status).toBe(200);
    await prisma.execution.update({ where: { id: finished.executionId }, data: { status: "completed" } });
    const after = await post(`Bearer ${finished.token}`);
    expect(after.status).toBe(401);
    expect(JSON.stringify(await after.json())).toContain("belongs to no running turn");
  });

  it("answers GET with 405: the server is stateless", async () => {
    const res = await call(mcpGet, apiRequest("GET", "/api/mcp"));
    expect(res.status).toBe(405);
  });
});

describe("a pre-started agent (server/runner/warm/prestart-pool.ts)", () => {
  it("lists the tools for the CLI connecting as it starts, and refuses its calls until a run holds the token", async () => {
    const { token, hash } = mintMcpToken();
    const row = {
      sessionId: "6a7e1c64-1d7e-4f39-9d0c-2a51c0d3e0aa",
      runnerId: "r",
      projectId: "PROJ-1",
      agent: "claude",
      baseSha: "b".repeat(40),
      cwd: "/tmp/prestart-y",
    };
    await prisma.prestartedAgent.create({ data: { ...row, mcpTokenHash: hash } });
    const waiting = await mcpClient(url, token);
    try {
      expect((await waiting.listTools()).tools.map((tool) => tool.name)).toContain("search_sessions");
      const refused = await waiting.callTool({ name: "search_sessions", arguments: { query: "quokkaclock" } });
      expect(refused).toMatchObject({ isError: true });
      expect(answerText(refused)).toContain("no run yet");
    } finally {
      await waiting.close();
    }
    // Once no longer listed (a run claimed it, and has not started; or it was retired), the token is refused.
    await prisma.prestartedAgent.delete({ where: { sessionId: row.sessionId } });
    await expect(mcpClient(url, token)).rejects.toThrow();
  });
});

describe("the tools", () => {
  it("lists the seven tools", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["cite", "create_issue", "get_issue", "get_session", "get_spec", "list_issue_sessions", "search_sessions"]);
  });

  it("search_sessions finds the earlier session by a word only it contains", async () => {
    const result = await client.callTool({ name: "search_sessions", arguments: { query: "quokkaclock" } });
    expect(result.isError).toBeFalsy();
    const text = answerText(result);
    expect(text).toContain(earlier.sessionId);
    expect(text).toContain("claude");
    expect(text).toContain("quokkaclock");
    expect((result.structuredContent as { hits: Array<{ session: string }> }).hits[0].session).toBe(earlier.sessionId);
  });

  it("get_session returns its prompts and answers, and counts as consulting it", async () => {
    const result = await client.callTool({ name: "get_session", arguments: { ref: earlier.sessionId.toLowerCase() } });
    const text = answerText(result);
    expect(text).toContain("Prompt: fix the expiry");
    expect(text).toContain("I fixed the comparison");
    expect(text).toContain("Bash ×1");
    const recorded = await prisma.mcpCall.findFirst({ where: { executionId: turn.executionId, tool: "get_session" } });
    expect(recorded).toMatchObject({ consulted: [earlier.sessionId], isError: false, resultChars: text.length });
  });

  it("get_issue and get_spec give text, status and links", async () => {
    const issue = answerText(await client.callTool({ name: "get_issue", arguments: { ref: issueId } }));
    expect(issue).toContain("Users are logged out at midnight");
    expect(issue).toMatch(/Cites: ISSUE-\d+/);
    const spec = answerText(await client.callTool({ name: "get_spec", arguments: { ref: specId } }));
    expect(spec).toContain("Sign-in");
    expect(spec).toContain("Sessions expire too early");
  });

  it("list_issue_sessions lists the sessions of another issue as its tree", async () => {
    const old = await prisma.session.findUniqueOrThrow({ where: { id: earlier.sessionId }, select: { issueId: true } });
    const text = answerText(await client.callTool({ name: "list_issue_sessions", arguments: { issue: old.issueId } }));
    expect(text).toContain(earlier.sessionId);
    expect(answerText(await client.callTool({ name: "list_issue_sessions", arguments: {} }))).toContain("has no sessions yet");
  });

  it("cite makes a backlink that outlives an edit of the issue's text", async () => {
    const result = await client.callTool({ name: "cite", arguments: { ref: earlier.sessionId, note: "same clock bug" } });
    expect(answerText(result)).toContain(`now cites ${earlier.sessionId}`);
    await prisma.$transaction(async (tx) => {
      const { syncReferences } = await import("@/server/references/sync-references");
      await syncReferences(tx, { type: "issue", id: issueId }, "no references any more");
    });
    const backlinks = await call(backlinksRoute, apiRequest("GET", `/api/references?target=${earlier.sessionId}`));
    expect(backlinks.body.items.map((i: { id: string }) => i.id)).toContain(issueId);
    const row = await prisma.entityReference.findFirstOrThrow({ where: { sourceId: issueId, targetId: earlier.sessionId } });
    expect(row).toMatchObject({ origin: "agent", executionId: turn.executionId, note: "same clock bug" });
  });

  it("create_issue makes an issue linked back to the execution", async () => {
    const result = await client.callTool({ name: "create_issue", arguments: { title: "Clock skew in refresh", body: "Found while fixing midnight logouts." } });
    const id = (result.structuredContent as { id: string }).id;
    const row = await prisma.issue.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ title: "Clock skew in refresh", raisedByExecutionId: turn.executionId, status: "open" });
  });
});

describe("bad input", () => {
  it.each([
    ["get_session", { ref: "SESS-99999" }, "There is no session SESS-99999"],
    ["get_session", { ref: "banana" }, "is not a session ref"],
    ["get_issue", { ref: "ISSUE-99999" }, "ISSUE-99999"],
    ["cite", { ref: "SPEC-99999" }, "There is no SPEC-99999"],
    ["create_issue", { title: "x", body: "y", specId: "SPEC-99999" }, "SPEC-99999"],
    ["create_issue", { title: "x", body: "a\u0000b" }, "NUL"],
  ])("%s %j is a tool error naming it", async (name, args, message) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBe(true);
    expect(answerText(result)).toContain(message);
  });

  it("a query over 1,000 characters or a limit over 100 is a tool error", async () => {
    const long = await client.callTool({ name: "search_sessions", arguments: { query: "x".repeat(1001) } });
    expect(long.isError).toBe(true);
    expect(answerText(long)).toContain("1000");
    const many = await client.callTool({ name: "search_sessions", arguments: { query: "clock", limit: 101 } });
    expect(many.isError).toBe(true);
    expect(answerText(many)).toContain("100");
  });

  it("records every call it answered, errors too", async () => {
    const calls = await prisma.mcpCall.findMany({ where: { executionId: turn.executionId } });
    expect(calls.some((c) => c.isError && c.tool === "get_session")).toBe(true);
    expect(calls.every((c) => c.resultChars > 0 && c.durationMs >= 0)).toBe(true);
  });
});
