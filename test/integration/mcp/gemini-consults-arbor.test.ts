import { POST as mcpRoute } from "@/app/api/mcp/route";
import { prisma } from "@/server/db";
import { geminiEnv } from "@/test/integration/agents/support/agent-envs";
import { startGeminiApi } from "@/test/support/gemini-api";
import { resetDb } from "@/test/support/db";
import { api } from "@/test/support/executions-api";
import { createHarness, type Harness, waitForExecution, waitForSearchIndexed } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { startRouteServer, type RouteServer } from "@/test/support/route-server";
import { lastUserText, type ModelApi, type ModelRequest, type Reply } from "@/test/support/stand-in/model-api";

// The real Gemini CLI consults Arbor while it works: the runner attaches
// Arbor's MCP server to the run (the isolated home's settings name it, the
// launch's environment carries its URL and token, the --policy file allows its
// tools), the stand-in model searches the history and reads the earlier
// session it found, by the names Gemini offers it; each call is answered by the real
// /api/mcp, recorded with the execution and shown in its log. With the server
// down the turn still completes.

jest.setTimeout(180_000);

let h: Harness;
let web: RouteServer;
let model: ModelApi;
let runner: Awaited<ReturnType<Harness["startRunner"]>>;

/** The tool results of the turn so far (everything after its last user message). */
const resultsOf = (request: ModelRequest) => {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf("user");
  return request.messages.slice(lastUser + 1).flatMap((m) => (m.role === "tool" ? [m.text] : []));
};

beforeAll(async () => {
  await resetDb();
  h = await createHarness();
  web = await startRouteServer({ "/api/mcp": { POST: mcpRoute } });
  model = await startGeminiApi();
  runner = await h.startRunner({ env: { ...geminiEnv(model, h.tmp), ARBOR_MCP_URL: `${web.url}/api/mcp` } });
});

afterAll(async () => {
  await h?.close();
  await model?.close();
  await web?.close();
});

it("finds and reads the earlier session where the same problem was solved", async () => {
  const old = await makeIssue({ title: "Sessions expire too early" });
  // One piece: search indexes each streamed delta by itself, and the stand-in's default 8-character pieces split words.
  model.setScript(() => ({ kind: "text", text: "The refresh token check used wombatclock skew; I fixed the comparison.", chunkSize: 1000 }));
  const first = await api.create({ issueId: old.id, prompt: "fix the expiry", agent: "gemini" });
  const done = await waitForExecution(first.body.id);
  expect(done.status).toBe("completed");
  await waitForSearchIndexed(done.id);
  const sessionRef = (await prisma.execution.findUniqueOrThrow({ where: { id: done.id }, select: { managedSessionId: true } })).managedSessionId!;

  const seen: string[][] = [];
  model.setScript((request): Reply => {
    // Only this conversation calls Arbor; a side request of Gemini's (offering no tools) just gets text.
    if (!lastUserText(request).includes("consult arbor first") || !request.tools.includes("mcp_arbor_search_sessions")) return { kind: "text", text: "No." };
    const results = resultsOf(request);
    seen.push(results);
    const offered = (tool: string) => request.tools.find((name) => name.endsWith(`arbor_${tool}`))!;
    if (results.length === 0) return { kind: "tool_use", calls: [{ name: offered("search_sessions"), input: { query: "wombatclock" } }] };
    if (results.length === 1) return { kind: "tool_use", calls: [{ name: offered("get_session"), input: { ref: sessionRef } }] };
    return { kind: "text", text: "Consulted Arbor." };
  });
  const issue = await makeIssue({ title: "Users are logged out at midnight" });
  const created = await api.create({ issueId: issue.id, prompt: "consult arbor first", agent: "gemini" });
  const run = await waitForExecution(created.body.id);
  expect(run.status).toBe("completed");

  // Offered under auto_edit (the policy file allows them), and answered as tool results.
  const offered = model.requests.find((r) => lastUserText(r).includes("consult arbor first"))!.tools;
  expect(offered).toEqual(expect.arrayContaining(["mcp_arbor_search_sessions", "mcp_arbor_get_session", "mcp_arbor_create_issue"]));
  const last = seen[seen.length - 1];
  expect(last[0]).toContain(sessionRef);
  expect(last[1]).toContain("wombatclock skew");

  // Recorded with the execution, with what it consulted.
  const calls = await prisma.mcpCall.findMany({ where: { executionId: run.id }, orderBy: { id: "asc" } });
  expect(calls.map((c) => [c.tool, c.isError])).toEqual([
    ["search_sessions", false],
    ["get_session", false],
  ]);
  expect(calls[1].consulted).toEqual([sessionRef]);

  // In the log like any tool call; the token is in neither the argv nor any event.
  const events = await prisma.executionEvent.findMany({ where: { executionId: run.id }, select: { payload: true } });
  const log = JSON.stringify(events);
  expect(log).toContain('"tool_name":"mcp_arbor_get_session"');
  expect(log).toContain("--policy");
  expect(log).not.toMatch(/arbor_mcp_[A-Za-z0-9_-]{43}/);
  const entries = (await api.events(run.id)).body.events.flatMap((e) => e.entries);
  expect(entries).toContainEqual(expect.objectContaining({ type: "tool_call", tool: "mcp_arbor_search_sessions", input: { query: "wombatclock" } }));
});

it("completes when Arbor's MCP server is down", async () => {
  await runner.stop();
  await h.startRunner({ runnerId: "runner-mcp-down", env: { ...geminiEnv(model, h.tmp), ARBOR_MCP_URL: "http://127.0.0.1:9/api/mcp" } });
  const issue = await makeIssue({ title: "Works without Arbor" });
  const offered: string[] = [];
  model.setScript((request) => {
    offered.push(...request.tools.filter((name) => name.includes("arbor")));
    return { kind: "text", text: "Answered without Arbor's tools." };
  });
  const created = await api.create({ issueId: issue.id, prompt: "no server today", agent: "gemini" });
  const run = await waitForExecution(created.body.id);
  expect(run.status).toBe("completed");
  expect(offered).toEqual([]);
});
