import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { GET as mcpCallsRoute } from "@/app/api/executions/[id]/mcp-calls/route";
import { GET as executionsRoute } from "@/app/api/executions/route";
import { GET as insightsRoute } from "@/app/api/insights/route";
import { GET as sessionTreeRoute } from "@/app/api/issues/[id]/session-tree/route";
import { GET as treeSummaryRoute } from "@/app/api/issues/[id]/tree-summary/route";
import { POST as mcpRoute } from "@/app/api/mcp/route";
import { GET as consultedByRoute } from "@/app/api/sessions/[id]/consulted-by/route";
import { issueTreeSummarySchema, sessionTreeResponseSchema } from "@/lib/executions/schema";
import { flattenTree } from "@/lib/executions/session-tree";
import { filteredExecutionsSchema, insightsSchema } from "@/lib/insights/schema";
import { executionMcpActivitySchema, sessionConsultersSchema } from "@/lib/mcp/schema";
import { apiErrorBodySchema } from "@/lib/schemas/common";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { apiRequest, call, type Handler } from "@/test/support/api";
import { resetDb } from "@/test/support/db";
import { makeIssue } from "@/test/support/factories";
import { mcpClient, runningTurn, storedTurn } from "@/test/support/mcp-fixtures";
import { startRouteServer, type RouteServer } from "@/test/support/route-server";
import type { z } from "zod";

// What a person sees of agents consulting Arbor, through the API: a run's
// calls to the MCP server (made here with the official SDK's client, as an
// agent's would be), what it consulted, raised and cited; the session tree's
// marks; a session's "Consulted by"; and Insights' share of turns that
// consulted an earlier session with their success beside the others'.
//
//   ISSUE-1 "Sessions expire too early": earlier (SESS-1, completed)
//   ISSUE-2 "Users are logged out at midnight": own (completed, read nothing), turn (reads SESS-1 twice and ISSUE-1, cites, raises)
//   ISSUE-3 "Billing": reader (reads SESS-1 once, later), issueReader (reads ISSUE-1 only: no session)

jest.setTimeout(60_000);

let server: RouteServer;
let url: string;
let oldIssue: string;
let issueId: string;
let otherIssue: string;
let earlier: { executionId: string; sessionId: string };
let own: { executionId: string };
let turn: { executionId: string; token: string };
let reader: { executionId: string; token: string };
let issueReader: { executionId: string; token: string };
let raisedId: string;

async function get<S extends z.ZodType>(schema: S, handler: Handler, path: string, id?: string): Promise<z.output<S>> {
  const answer = await call(handler, apiRequest("GET", path), id ? { id } : {});
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new Error(`GET ${path}: ${parsed.error.message}\n${JSON.stringify(answer.body, null, 2)}`);
  // Parsing drops nothing: the answer is exactly what the schema says.
  expect(parsed.data).toEqual(answer.body);
  return parsed.data as z.output<S>;
}

async function refused(handler: Handler, path: string, id: string | undefined, status: number, message: string | RegExp) {
  const answer = await call(handler, apiRequest("GET", path), id ? { id } : {});
  expect({ path, status: answer.status }).toEqual({ path, status });
  const body = apiErrorBodySchema.parse(answer.body);
  expect(body.error.message).toMatch(message);
}

async function withClient(token: string, calls: (client: Client) => Promise<void>) {
  const client = await mcpClient(url, token);
  try {
    await calls(client);
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  await resetDb();
  server = await startRouteServer({ "/api/mcp": { POST: mcpRoute } });
  url = `${server.url}/api/mcp`;
  oldIssue = (await makeIssue({ title: "Sessions expire too early" })).id;
  earlier = await storedTurn(oldIssue, "fix the expiry", "The refresh token was compared with quokkaclock skew; I fixed the comparison.");
  issueId = (await makeIssue({ title: "Users are logged out at midnight" })).id;
  otherIssue = (await makeIssue({ title: "Billing" })).id;
  own = await storedTurn(issueId, "look around", "Nothing to see.");
  turn = await runningTurn(issueId);
  reader = await runningTurn(otherIssue);
  issueReader = await runningTurn(otherIssue);

  await withClient(turn.token, async (client) => {
    await client.callTool({ name: "search_sessions", arguments: { query: "quokkaclock", limit: 5 } });
    await client.callTool({ name: "get_session", arguments: { ref: earlier.sessionId } });
    await client.callTool({ name: "get_issue", arguments: { ref: oldIssue } });
    await client.callTool({ name: "get_session", arguments: { ref: "SESS-99999" } });
    await client.callTool({ name: "get_session", arguments: { ref: earlier.sessionId } });
    await client.callTool({ name: "cite", arguments: { ref: earlier.sessionId, note: "same expiry bug" } });
    const raised = await client.callTool({ name: "create_issue", arguments: { title: "Clock skew in tests", body: "Found on the way." } });
    raisedId = (raised.structuredContent as { id: string }).id;
  });
  // Later readers: ordered by when they last read.
  await prisma.$executeRaw`UPDATE mcp_calls SET created_at = created_at - interval '1 hour'`;
  await withClient(reader.token, (client) => client.callTool({ name: "get_session", arguments: { ref: earlier.sessionId } }).then(() => {}));
  await withClient(issueReader.token, (client) => client.callTool({ name: "get_issue", arguments: { ref: oldIssue } }).then(() => {}));

  // The turns end: the one that consulted most completed, the other session reader failed.
  await prisma.execution.update({ where: { id: turn.executionId }, data: { status: "completed", finishedAt: new Date() } });
  await prisma.execution.update({ where: { id: reader.executionId }, data: { status: "failed", errorCode: "agent_error", finishedAt: new Date() } });
  await prisma.execution.update({ where: { id: issueReader.executionId }, data: { status: "completed", finishedAt: new Date() } });
});

afterAll(async () => {
  await server?.close();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

describe("GET /api/executions/:id/mcp-calls", () => {
  it("lists the run's calls oldest first with what each read, and what it consulted, raised and cited", async () => {
    const path = `/api/executions/${turn.executionId}/mcp-calls`;
    const activity = await get(executionMcpActivitySchema, mcpCallsRoute, path, turn.executionId);
    expect(activity.consulted).toEqual([earlier.sessionId, oldIssue]);
    expect(activity.callCount).toBe(7);
    expect(activity.calls.map((c) => [c.tool, c.consulted, c.isError])).toEqual([
      ["search_sessions", [], false],
      ["get_session", [earlier.sessionId], false],
      ["get_issue", [oldIssue], false],
      ["get_session", [], true],
      ["get_session", [earlier.sessionId], false],
      ["cite", [], false],
      ["create_issue", [], false],
    ]);
    expect(activity.calls[0].arguments).toEqual({ query: "quokkaclock", limit: 5 });
    expect(activity.calls.every((c) => c.resultChars > 0 && c.durationMs >= 0)).toBe(true);
    expect(activity.raisedIssues).toEqual([{ id: raisedId, title: "Clock skew in tests", status: "open", createdAt: expect.any(String) }]);
    expect(activity.citations).toEqual([{ sourceId: issueId, targetId: earlier.sessionId, note: "same expiry bug", createdAt: expect.any(String) }]);
  });

  it("?limit= keeps the first calls; what it consulted still counts them all", async () => {
    const activity = await get(executionMcpActivitySchema, mcpCallsRoute, `/api/executions/${turn.executionId}/mcp-calls?limit=2`, turn.executionId);
    expect(activity.calls.map((c) => c.tool)).toEqual(["search_sessions", "get_session"]);
    expect(activity.callCount).toBe(7);
    expect(activity.consulted).toEqual([earlier.sessionId, oldIssue]);
  });

  it("a run that never called Arbor has nothing", async () => {
    const activity = await get(executionMcpActivitySchema, mcpCallsRoute, `/api/executions/${own.executionId}/mcp-calls`, own.executionId);
    expect(activity).toEqual({ executionId: own.executionId, consulted: [], calls: [], callCount: 0, raisedIssues: [], citations: [] });
  });

  it("bad input is a 4xx that says what is wrong", async () => {
    const id = turn.executionId;
    await refused(mcpCallsRoute, `/api/executions/${id}/mcp-calls?limit=0`, id, 422, "limit: Limit must be at least 1");
    await refused(mcpCallsRoute, `/api/executions/${id}/mcp-calls?limit=501`, id, 422, "Limit must be at most 500");
    await refused(mcpCallsRoute, `/api/executions/${id}/mcp-calls?limit=many`, id, 422, "Limit must be a number");
    await refused(mcpCallsRoute, `/api/executions/${id}/mcp-calls?tool=cite`, id, 422, "Unknown field: tool");
    await refused(mcpCallsRoute, "/api/executions/nope/mcp-calls", "nope", 404, 'Execution "nope" not found: execution ids are UUIDs');
    const unknown = "00000000-0000-4000-8000-000000000000";
    await refused(mcpCallsRoute, `/api/executions/${unknown}/mcp-calls`, unknown, 404, `Execution ${unknown} not found`);
  });
});

describe("the session tree", () => {
  it("carries on each node what its run consulted, from one grouped query", async () => {
    const tree = await get(sessionTreeResponseSchema, sessionTreeRoute, `/api/issues/${issueId}/session-tree`, issueId);
    const consulted = Object.fromEntries(flattenTree(tree.roots).map((n) => [n.id, n.consulted]));
    expect(consulted).toEqual({ [own.executionId]: [], [turn.executionId]: [earlier.sessionId, oldIssue] });
  });

  it("the issue page's flat read carries the same, from its one statement", async () => {
    const summary = await get(issueTreeSummarySchema, treeSummaryRoute, `/api/issues/${issueId}/tree-summary`, issueId);
    const consulted = Object.fromEntries(summary.executions.map((e) => [e.id, e.consulted]));
    expect(consulted).toEqual({ [own.executionId]: [], [turn.executionId]: [earlier.sessionId, oldIssue] });
  });
});

describe("GET /api/sessions/:ref/consulted-by", () => {
  it("lists the runs that read the session, the latest reader first, each with its issue", async () => {
    const path = `/api/sessions/${earlier.sessionId}/consulted-by`;
    const readers = await get(sessionConsultersSchema, consultedByRoute, path, earlier.sessionId);
    expect(readers).toEqual({
      sessionId: earlier.sessionId,
      total: 2,
      items: [
        {
          executionId: reader.executionId,
          sessionId: null,
          issueId: otherIssue,
          issueTitle: "Billing",
          agent: "claude",
          status: "failed",
          reads: 1,
          lastReadAt: expect.any(String),
        },
        {
          executionId: turn.executionId,
          sessionId: null,
          issueId,
          issueTitle: "Users are logged out at midnight",
          agent: "claude",
          status: "completed",
          reads: 2,
          lastReadAt: expect.any(String),
        },
      ],
    });
    const first = await get(sessionConsultersSchema, consultedByRoute, `${path}?limit=1`, earlier.sessionId.toLowerCase());
    expect(first.items.map((i) => i.executionId)).toEqual([reader.executionId]);
    expect(first.total).toBe(2);
  });

  it("a session nobody read has no readers", async () => {
    const ownSession = (await prisma.execution.findUniqueOrThrow({ where: { id: own.executionId } })).managedSessionId!;
    expect(await get(sessionConsultersSchema, consultedByRoute, `/api/sessions/${ownSession}/consulted-by`, ownSession)).toEqual({
      sessionId: ownSession,
      items: [],
      total: 0,
    });
  });

  it("bad input is a 4xx that says what is wrong", async () => {
    await refused(consultedByRoute, "/api/sessions/SESS-99999/consulted-by", "SESS-99999", 404, "Session SESS-99999 not found");
    await refused(consultedByRoute, "/api/sessions/banana/consulted-by", "banana", 404, 'Session "banana" not found: session ids look like SESS-1');
    const id = earlier.sessionId;
    await refused(consultedByRoute, `/api/sessions/${id}/consulted-by?limit=-3`, id, 422, "Limit must be at least 1");
    await refused(consultedByRoute, `/api/sessions/${id}/consulted-by?since=7d`, id, 422, "Unknown field: since");
  });
});

describe("Insights: turns that consulted earlier sessions", () => {
  it("counts the share of executions that read a session, and each side's success, with the executions behind each number", async () => {
    const insights = await get(insightsSchema, insightsRoute, "/api/insights?since=all");
    const c = insights.consultation;
    // 5 executions; turn and reader read SESS-1 (issueReader read only an issue).
    expect([c.share.count, c.share.of]).toEqual([2, 5]);
    expect(c.consulted).toMatchObject({ executions: 2, succeeded: { count: 1, of: 2, value: 0.5 } });
    expect(c.notConsulted).toMatchObject({ executions: 3, succeeded: { count: 3, of: 3, value: 1 } });
    expect(c.consulted.succeeded.drill).toMatchObject({ consultedSessions: "yes", succeeded: "yes" });

    const listed = async (drill: Record<string, string>) => {
      const page = await get(filteredExecutionsSchema, executionsRoute, `/api/executions?${new URLSearchParams(drill)}`);
      return page.items.map((e) => e.id).sort();
    };
    expect(await listed(c.share.drill)).toEqual([turn.executionId, reader.executionId].sort());
    expect(await listed(c.consulted.succeeded.drill)).toEqual([turn.executionId]);
    expect(await listed(c.notConsulted.drill)).toEqual([earlier.executionId, own.executionId, issueReader.executionId].sort());
    await refused(executionsRoute, "/api/executions?consultedSessions=maybe", undefined, 422, "use yes or no");
  });
});
