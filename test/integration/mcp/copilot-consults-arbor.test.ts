import { prisma } from "@/server/db";
import { startChatCompletionsApi } from "@/test/support/chat-completions-api";
import type { Reply } from "@/test/support/stand-in/model-api";
import { copilotEnv } from "@/test/integration/agents/support/agent-envs";
import {
  consultingTurn,
  downServerCase,
  earlierSession,
  eventLog,
  expectNoToken,
  expectRecorded,
  toolResults,
  useMcpScenario,
} from "@/test/support/mcp-consult-scenario";

// The real Copilot CLI (1.0.102) consults Arbor while it works: the runner
// attaches Arbor's MCP server to the run (--additional-mcp-config names
// Arbor's file, the token in the environment), and under the `edits` policy,
// where Copilot refuses what it was not allowed, Arbor's tools run, except
// the one a deny rule names (Copilot still offers it, and refuses the call). The stand-in searches the history and reads the
// session it found, each call answered by the real /api/mcp. With the server
// down the turn still completes.

jest.setTimeout(180_000);

// The API reads process.env too (is Copilot ready to run?); the runner gets it at start.
const s = useMcpScenario({ agent: "copilot", timeoutMs: 120_000, model: startChatCompletionsApi, processEnv: copilotEnv });

it("under edits, finds and reads the earlier session through arbor-* tools; a denied one is refused", async () => {
  const sessionRef = await earlierSession(s, () => ({ kind: "text", text: "The refresh check used wombatclock skew; fixed." }));

  const steps = [
    { name: "arbor-search_sessions", input: { query: "wombatclock" } },
    { name: "arbor-get_session", input: { ref: sessionRef } },
    { name: "arbor-create_issue", input: { title: "Follow-up", body: "raised against the deny rule" } },
  ];
  const before = s.model.requests.length;
  const permissions = { mode: "edits" as const, deny: ["mcp__arbor__create_issue"] };
  const { run } = await consultingTurn(
    s,
    (request): Reply => {
      const step = steps[toolResults(request).length];
      return step ? { kind: "tool_use", calls: [step] } : { kind: "text", text: "Consulted Arbor." };
    },
    { permissions },
  );

  const turns = s.model.requests.slice(before);
  const offered = turns[0].tools;
  for (const tool of ["search_sessions", "get_session", "get_issue", "get_spec", "list_issue_sessions", "cite"]) expect(offered).toContain(`arbor-${tool}`);

  // The model got Arbor's answers back as tool results; the denied tool is offered, but its call is refused.
  const results = toolResults(turns[turns.length - 1]);
  expect(results[0]).toContain(sessionRef);
  expect(results[1]).toContain("wombatclock skew");
  expect(results[2]).toMatch(/denied/i);
  expect(await prisma.issue.count({ where: { raisedByExecutionId: run.id } })).toBe(0);

  // Recorded with the execution, with what it read.
  await expectRecorded(run.id, ["search_sessions", "get_session"], sessionRef);

  // In the log like any tool call; the token is in no event.
  expect(await eventLog(run.id)).toContain("arbor-get_session");
  await expectNoToken(run.id);
});

it("completes when Arbor's MCP server is down", async () => {
  const before = s.model.requests.length;
  await downServerCase(s, () => ({ kind: "text", text: "Answered without Arbor's tools." }));
  const offered = s.model.requests.slice(before).flatMap((request) => request.tools);
  expect(offered.length).toBeGreaterThan(0);
  expect(offered.filter((tool) => tool.startsWith("arbor-"))).toEqual([]);
});
