import { POST as mcpRoute } from "@/app/api/mcp/route";
import { prisma } from "@/server/db";
import { api } from "@/test/support/executions-api";
import { createHarness, type Harness, waitForExecution, waitForSearchIndexed } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { currentTurn } from "@/test/support/turn-script";
import type { RecordedRequest, Reply } from "@/test/support/messages-api";
import { resetDb } from "@/test/support/db";
import { startRouteServer, type RouteServer } from "@/test/support/route-server";

// The real Claude Code CLI consults Arbor while it works: the runner attaches
// Arbor's MCP server to the run (--mcp-config, the token in the environment),
// the stand-in model searches the history, reads the earlier session it
// found and cites it — each call answered by the real /api/mcp, recorded with
// the execution, and shown in its log like any tool call. With the server
// down the turn still completes.

jest.setTimeout(180_000);

let h: Harness;
let web: RouteServer;
let runner: Awaited<ReturnType<Harness["startRunner"]>>;

/** Tool calls the model makes in a row, one per request, then its answer; the tool results it got are kept. */
function consulting(steps: Array<(results: string[]) => { name: string; input: Record<string, unknown> }>) {
  const seen: string[][] = [];
  const reply = (request: RecordedRequest): Reply => {
    const { results } = currentTurn(request);
    seen.push(results);
    const step = steps[results.length];
    if (step) return { kind: "tool_use", calls: [{ ...step(results) }] };
    return { kind: "text", text: `Consulted Arbor: ${results.length} answers.` };
  };
  return { reply, seen };
}

beforeAll(async () => {
  await resetDb();
  h = await createHarness();
  web = await startRouteServer({ "/api/mcp": { POST: mcpRoute } });
  runner = await h.startRunner({ env: { ARBOR_MCP_URL: `${web.url}/api/mcp` } });
});

afterAll(async () => {
  await h?.close();
  await web?.close();
});

it("finds, reads and cites the earlier session where the same problem was solved", async () => {
  const old = await makeIssue({ title: "Sessions expire too early" });
  h.api.setScript(() => ({ kind: "text", text: "The refresh token check used wombatclock skew; I fixed the comparison." }));
  const first = await api.create({ issueId: old.id, prompt: "fix the expiry" });
  const done = await waitForExecution(first.body.id);
  expect(done.status).toBe("completed");
  await waitForSearchIndexed(done.id);
  const earlier = await prisma.execution.findUniqueOrThrow({ where: { id: done.id }, select: { managedSessionId: true } });
  const sessionRef = earlier.managedSessionId!;

  const issue = await makeIssue({ title: "Users are logged out at midnight" });
  const script = consulting([
    () => ({ name: "mcp__arbor__search_sessions", input: { query: "wombatclock" } }),
    () => ({ name: "mcp__arbor__get_session", input: { ref: sessionRef } }),
    () => ({ name: "mcp__arbor__cite", input: { ref: sessionRef, note: "same clock bug" } }),
  ]);
  h.api.setScript(script.reply);
  const created = await api.create({ issueId: issue.id, prompt: "consult arbor first" });
  const run = await waitForExecution(created.body.id);
  expect(run.status).toBe("completed");

  // The model got Arbor's answers as tool results (Claude Code hands it the structured content when there is one).
  const last = script.seen[script.seen.length - 1];
  expect(last[0]).toContain(sessionRef);
  expect(last[1]).toContain("wombatclock skew");
  expect(last[2]).toContain(sessionRef);
  expect(last[2]).toContain("same clock bug");

  // Recorded with the execution, and the citation shows as a backlink.
  const calls = await prisma.mcpCall.findMany({ where: { executionId: run.id }, orderBy: { id: "asc" } });
  expect(calls.map((c) => c.tool)).toEqual(["search_sessions", "get_session", "cite"]);
  expect(calls[1].consulted).toEqual([sessionRef]);
  expect(await prisma.entityReference.findFirst({ where: { sourceId: issue.id, targetId: sessionRef, origin: "agent" } })).not.toBeNull();

  // In the log like any tool call; the token is in neither the argv nor any event.
  const events = await prisma.executionEvent.findMany({ where: { executionId: run.id }, select: { payload: true } });
  const log = JSON.stringify(events);
  expect(log).toContain("mcp__arbor__get_session");
  expect(log).toContain("--mcp-config");
  expect(log).not.toMatch(/arbor_mcp_[A-Za-z0-9_-]{43}/);

  // The turn is over: its token is not good any more.
  const token = await prisma.mcpToken.findFirstOrThrow({ where: { executionId: run.id } });
  expect(token.tokenHash).toMatch(/^[0-9a-f]{64}$/);
});

it("completes when Arbor's MCP server is down", async () => {
  await runner.stop();
  await h.startRunner({ runnerId: "runner-mcp-down", env: { ARBOR_MCP_URL: "http://127.0.0.1:9/api/mcp" } });
  const issue = await makeIssue({ title: "Works without Arbor" });
  const offered: string[] = [];
  h.api.setScript((request) => {
    offered.push(...(JSON.stringify(request.tools).match(/mcp__arbor__\w+/g) ?? []));
    return { kind: "text", text: "Answered without Arbor's tools." };
  });
  const created = await api.create({ issueId: issue.id, prompt: "no server today" });
  const run = await waitForExecution(created.body.id);
  expect(run.status).toBe("completed");
  expect(offered).toEqual([]);
});
