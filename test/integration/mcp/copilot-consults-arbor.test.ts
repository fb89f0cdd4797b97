import { POST as mcpRoute } from "@/app/api/mcp/route";
import { prisma } from "@/server/db";
import { startChatCompletionsApi } from "@/test/support/chat-completions-api";
import { api } from "@/test/support/executions-api";
import { createHarness, type Harness, waitForExecution, waitForSearchIndexed } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { resetDb } from "@/test/support/db";
import { startRouteServer, type RouteServer } from "@/test/support/route-server";
import type { ModelApi, ModelRequest, Reply } from "@/test/support/stand-in/model-api";
import { copilotEnv } from "@/test/integration/agents/support/agent-envs";

// The real Copilot CLI (1.0.102) consults Arbor while it works: the runner
// attaches Arbor's MCP server to the run (--additional-mcp-config names
// Arbor's file, the token in the environment), and under the `edits` policy,
// where Copilot refuses what it was not allowed, Arbor's tools run, except
// the one a deny rule names (Copilot still offers it, and refuses the call). The stand-in searches the history and reads the
// session it found, each call answered by the real /api/mcp. With the server
// down the turn still completes.

jest.setTimeout(180_000);

let h: Harness;
let model: ModelApi;
let web: RouteServer;
let runner: Awaited<ReturnType<Harness["startRunner"]>>;
const saved: Record<string, string | undefined> = {};

const toolResults = (request: ModelRequest) => request.messages.filter((m) => m.role === "tool").map((m) => m.text);

beforeAll(async () => {
  await resetDb();
  h = await createHarness();
  model = await startChatCompletionsApi();
  // The API reads process.env too (is Copilot ready to run?); the runner gets it at start.
  for (const [key, value] of Object.entries(copilotEnv(model))) {
    saved[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  web = await startRouteServer({ "/api/mcp": { POST: mcpRoute } });
  runner = await h.startRunner({ env: { ARBOR_MCP_URL: `${web.url}/api/mcp` } });
});

afterAll(async () => {
  await h?.close();
  await model?.close();
  await web?.close();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

it("under edits, finds and reads the earlier session through arbor-* tools; a denied one is refused", async () => {
  const old = await makeIssue({ title: "Sessions expire too early" });
  model.setScript(() => ({ kind: "text", text: "The refresh check used wombatclock skew; fixed." }));
  const first = await api.create({ issueId: old.id, prompt: "fix the expiry", agent: "copilot" });
  const done = await waitForExecution(first.body.id, undefined, 120_000);
  expect(done.status).toBe("completed");
  await waitForSearchIndexed(done.id);
  const sessionRef = (await prisma.execution.findUniqueOrThrow({ where: { id: done.id }, select: { managedSessionId: true } })).managedSessionId!;

  const issue = await makeIssue({ title: "Users are logged out at midnight" });
  const steps = [
    { name: "arbor-search_sessions", input: { query: "wombatclock" } },
    { name: "arbor-get_session", input: { ref: sessionRef } },
    { name: "arbor-create_issue", input: { title: "Follow-up", body: "raised against the deny rule" } },
  ];
  model.setScript((request): Reply => {
    const step = steps[toolResults(request).length];
    return step ? { kind: "tool_use", calls: [step] } : { kind: "text", text: "Consulted Arbor." };
  });
  const before = model.requests.length;
  const permissions = { mode: "edits" as const, deny: ["mcp__arbor__create_issue"] };
  const created = await api.create({ issueId: issue.id, prompt: "consult arbor first", agent: "copilot", permissions });
  const run = await waitForExecution(created.body.id, undefined, 120_000);
  expect(run.status).toBe("completed");

  const turns = model.requests.slice(before);
  const offered = turns[0].tools;
  for (const tool of ["search_sessions", "get_session", "get_issue", "get_spec", "list_issue_sessions", "cite"]) expect(offered).toContain(`arbor-${tool}`);

  // The model got Arbor's answers back as tool results; the denied tool is offered, but its call is refused.
  const results = toolResults(turns[turns.length - 1]);
  expect(results[0]).toContain(sessionRef);
  expect(results[1]).toContain("wombatclock skew");
  expect(results[2]).toMatch(/denied/i);
  expect(await prisma.issue.count({ where: { raisedByExecutionId: run.id } })).toBe(0);

  // Recorded with the execution, with what it read.
  const calls = await prisma.mcpCall.findMany({ where: { executionId: run.id }, orderBy: { id: "asc" } });
  expect(calls.map((c) => c.tool)).toEqual(["search_sessions", "get_session"]);
  expect(calls[1].consulted).toEqual([sessionRef]);

  // In the log like any tool call; the token is in no event.
  const log = JSON.stringify(await prisma.executionEvent.findMany({ where: { executionId: run.id }, select: { payload: true } }));
  expect(log).toContain("arbor-get_session");
  expect(log).not.toMatch(/arbor_mcp_[A-Za-z0-9_-]{43}/);
});

it("completes when Arbor's MCP server is down", async () => {
  await runner.stop();
  await h.startRunner({ runnerId: "runner-mcp-down", env: { ARBOR_MCP_URL: "http://127.0.0.1:9/api/mcp" } });
  const issue = await makeIssue({ title: "Works without Arbor" });
  const before = model.requests.length;
  model.setScript(() => ({ kind: "text", text: "Answered without Arbor's tools." }));
  const created = await api.create({ issueId: issue.id, prompt: "no server today", agent: "copilot" });
  const run = await waitForExecution(created.body.id, undefined, 120_000);
  expect(run.status).toBe("completed");
  const offered = model.requests.slice(before).flatMap((request) => request.tools);
  expect(offered.length).toBeGreaterThan(0);
  expect(offered.filter((tool) => tool.startsWith("arbor-"))).toEqual([]);
});
