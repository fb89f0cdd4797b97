import fs from "node:fs";
import path from "node:path";
import { POST as mcpRoute } from "@/app/api/mcp/route";
import { prisma } from "@/server/db";
import { configureAgentRegistry } from "@/server/agents/registry";
import { normalizeCodexEvent } from "@/server/agents/codex/normalize-codex-event";
import { api } from "@/test/support/executions-api";
import { createHarness, type Harness, waitForExecution, waitForSearchIndexed } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { resetDb } from "@/test/support/db";
import { startRouteServer, type RouteServer } from "@/test/support/route-server";
import { startResponsesApi, type ResponsesApi } from "@/test/support/responses-api";
import type { ModelRequest, Reply } from "@/test/support/stand-in/model-api";
import { codexEnv, STANDIN_MODEL } from "@/test/integration/agents/support/agent-envs";

// The real Codex CLI consults Arbor while it works: the runner attaches
// Arbor's MCP server to the run (-c mcp_servers.arbor.*, the token in the
// environment), the stand-in model searches the history, reads the earlier
// session it found and cites it — each call by the name Codex offers (the
// namespace `mcp__arbor`), answered by the real /api/mcp, recorded with the
// execution and shown in its log. With the server down the turn completes.
//
// The model is `standin-model`: Codex offers MCP tools directly only to
// models without tool search; gpt-5.5-class models get `tool_search` and
// find `mcp__arbor` through it.

jest.setTimeout(180_000);

let h: Harness;
let web: RouteServer;
let model: ResponsesApi;
let runner: Awaited<ReturnType<Harness["startRunner"]>>;
const saved: Record<string, string | undefined> = {};

/** The tool results of the current turn (every tool output since its prompt), in order. */
function turnResults(request: ModelRequest): string[] {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf("user");
  return request.messages.slice(lastUser + 1).flatMap((m) => (m.role === "tool" ? [m.text] : []));
}

/** Calls Arbor's tools in a row, one per request, by the namespace and name Codex offered; then answers. */
function consulting(steps: Array<{ tool: string; input: Record<string, unknown> }>) {
  const seen: string[][] = [];
  const reply = (request: ModelRequest): Reply => {
    const results = turnResults(request);
    seen.push(results);
    const step = steps[results.length];
    if (!step) return { kind: "text", text: `Consulted Arbor: ${results.length} answers.` };
    const offered = request.tools.find((name) => name === `mcp__arbor.${step.tool}`);
    if (!offered) return { kind: "text", text: `Arbor's ${step.tool} was not offered.` };
    const [namespace, name] = offered.split(".");
    return { kind: "tool_use", calls: [{ namespace, name, input: step.input }] };
  };
  return { reply, seen };
}

beforeAll(async () => {
  await resetDb();
  model = await startResponsesApi();
  // The runner gives agents the environment it started with.
  for (const [key, value] of Object.entries(codexEnv(model))) {
    saved[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  h = await createHarness();
  const agentsFile = path.join(h.tmp, "agents.json");
  fs.writeFileSync(agentsFile, JSON.stringify({ agents: { codex: { args: ["-m", STANDIN_MODEL] } } }));
  configureAgentRegistry({ agentsFile });
  web = await startRouteServer({ "/api/mcp": { POST: mcpRoute } });
  runner = await h.startRunner({ env: { ARBOR_MCP_URL: `${web.url}/api/mcp` } });
});

afterAll(async () => {
  await h?.close();
  await web?.close();
  await model?.close();
  configureAgentRegistry(null);
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

it("finds, reads and cites the earlier session where the same problem was solved", async () => {
  const old = await makeIssue({ title: "Sessions expire too early" });
  model.setScript(() => ({ kind: "text", text: "The refresh token check used wombatclock skew; I fixed the comparison." }));
  const first = await api.create({ issueId: old.id, prompt: "fix the expiry", agent: "codex" });
  const done = await waitForExecution(first.body.id);
  expect(done.status).toBe("completed");
  await waitForSearchIndexed(done.id);
  const sessionRef = done.managedSessionId!;

  const issue = await makeIssue({ title: "Users are logged out at midnight" });
  const script = consulting([
    { tool: "search_sessions", input: { query: "wombatclock" } },
    { tool: "get_session", input: { ref: sessionRef } },
    { tool: "cite", input: { ref: sessionRef, note: "same clock bug" } },
  ]);
  model.setScript(script.reply);
  const created = await api.create({ issueId: issue.id, prompt: "consult arbor first", agent: "codex" });
  const run = await waitForExecution(created.body.id);
  expect(run.status).toBe("completed");

  // The model got Arbor's answers as tool results (cite is not read-only: it ran because it is approved per run).
  const last = script.seen[script.seen.length - 1];
  expect(last).toHaveLength(3);
  expect(last[0]).toContain(sessionRef);
  expect(last[1]).toContain("wombatclock skew");
  expect(last[2]).toContain("same clock bug");

  // Recorded with the execution, and the citation shows as a backlink.
  const calls = await prisma.mcpCall.findMany({ where: { executionId: run.id }, orderBy: { id: "asc" } });
  expect(calls.map((c) => c.tool)).toEqual(["search_sessions", "get_session", "cite"]);
  expect(calls[1].consulted).toEqual([sessionRef]);
  expect(await prisma.entityReference.findFirst({ where: { sourceId: issue.id, targetId: sessionRef, origin: "agent" } })).not.toBeNull();

  // In the log like any tool call; the token is in neither the argv nor any event.
  const events = await prisma.executionEvent.findMany({ where: { executionId: run.id }, orderBy: { seq: "asc" } });
  const entries = events.flatMap((e) => normalizeCodexEvent({ kind: e.kind, payload: e.payload }));
  expect(entries).toContainEqual(expect.objectContaining({ type: "tool_call", tool: "arbor.get_session", input: { ref: sessionRef } }));
  expect(entries).toContainEqual(expect.objectContaining({ type: "tool_result", content: expect.stringContaining("wombatclock skew"), isError: false }));
  const log = JSON.stringify(events.map((e) => e.payload));
  expect(log).toContain("mcp_servers.arbor.url");
  expect(log).not.toMatch(/arbor_mcp_[A-Za-z0-9_-]{43}/);
});

it("completes when Arbor's MCP server is down", async () => {
  await runner.stop();
  await h.startRunner({ runnerId: "runner-mcp-down", env: { ARBOR_MCP_URL: "http://127.0.0.1:9/api/mcp" } });
  const issue = await makeIssue({ title: "Works without Arbor" });
  const offered: string[] = [];
  model.setScript((request) => {
    offered.push(...request.tools.filter((name) => name.startsWith("mcp__arbor")));
    return { kind: "text", text: "Answered without Arbor's tools." };
  });
  const created = await api.create({ issueId: issue.id, prompt: "no server today", agent: "codex" });
  const run = await waitForExecution(created.body.id);
  expect(run.status).toBe("completed");
  expect(offered).toEqual([]);
});
