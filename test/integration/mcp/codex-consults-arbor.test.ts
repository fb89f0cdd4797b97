import fs from "node:fs";
import path from "node:path";
import { prisma } from "@/server/db";
import { configureAgentRegistry } from "@/server/agents/registry";
import { normalizeCodexEvent } from "@/server/agents/codex/normalize-codex-event";
import { startResponsesApi } from "@/test/support/responses-api";
import type { ModelRequest, Reply } from "@/test/support/stand-in/model-api";
import { codexEnv, STANDIN_MODEL } from "@/test/integration/agents/support/agent-envs";
import {
  consultingTurn,
  downServerOffersNone,
  earlierSession,
  eventLog,
  expectCited,
  expectNoToken,
  expectRecorded,
  turnResults,
  useMcpScenario,
} from "@/test/support/mcp-consult-scenario";

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

const s = useMcpScenario({
  agent: "codex",
  model: startResponsesApi,
  // The runner gives agents the environment it started with.
  processEnv: codexEnv,
  setUp: ({ h }) => {
    const agentsFile = path.join(h.tmp, "agents.json");
    fs.writeFileSync(agentsFile, JSON.stringify({ agents: { codex: { args: ["-m", STANDIN_MODEL] } } }));
    configureAgentRegistry({ agentsFile });
  },
  tearDown: () => configureAgentRegistry(null),
});

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

it("finds, reads and cites the earlier session where the same problem was solved", async () => {
  const sessionRef = await earlierSession(s, () => ({ kind: "text", text: "The refresh token check used wombatclock skew; I fixed the comparison." }));

  const script = consulting([
    { tool: "search_sessions", input: { query: "wombatclock" } },
    { tool: "get_session", input: { ref: sessionRef } },
    { tool: "cite", input: { ref: sessionRef, note: "same clock bug" } },
  ]);
  const { issue, run } = await consultingTurn(s, script.reply);

  // The model got Arbor's answers as tool results (cite is not read-only: it ran because it is approved per run).
  const last = script.seen[script.seen.length - 1];
  expect(last).toHaveLength(3);
  expect(last[0]).toContain(sessionRef);
  expect(last[1]).toContain("wombatclock skew");
  expect(last[2]).toContain("same clock bug");

  // Recorded with the execution, and the citation shows as a backlink.
  await expectRecorded(run.id, ["search_sessions", "get_session", "cite"], sessionRef);
  await expectCited(issue.id, sessionRef);

  // In the log like any tool call; the token is in neither the argv nor any event.
  const events = await prisma.executionEvent.findMany({ where: { executionId: run.id }, orderBy: { seq: "asc" } });
  const entries = events.flatMap((e) => normalizeCodexEvent({ kind: e.kind, payload: e.payload }));
  expect(entries).toContainEqual(expect.objectContaining({ type: "tool_call", tool: "arbor.get_session", input: { ref: sessionRef } }));
  expect(entries).toContainEqual(expect.objectContaining({ type: "tool_result", content: expect.stringContaining("wombatclock skew"), isError: false }));
  expect(await eventLog(run.id)).toContain("mcp_servers.arbor.url");
  await expectNoToken(run.id);
});

it("completes when Arbor's MCP server is down", async () => {
  await downServerOffersNone(s, (request) => request.tools.filter((name) => name.startsWith("mcp__arbor")));
});
