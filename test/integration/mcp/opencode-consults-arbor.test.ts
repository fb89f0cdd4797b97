import { startChatCompletionsApi } from "@/test/support/chat-completions-api";
import type { ModelRequest, Reply } from "@/test/support/stand-in/model-api";
import { opencodeEnv } from "@/test/integration/agents/support/agent-envs";
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

// The real opencode (1.18.33) consults Arbor while it works: the runner
// attaches Arbor's MCP server to the run (OPENCODE_CONFIG names Arbor's file,
// the token in the environment), and under the `edits` policy, which denies
// opencode everything by default, Arbor's tools are offered and run, except
// the one a deny rule names. The stand-in searches the history and reads the
// session it found, each call answered by the real /api/mcp. With the server
// down the turn still completes.

jest.setTimeout(180_000);

// The API reads process.env too (is opencode ready to run?); the runner gets it at start.
const s = useMcpScenario({ agent: "opencode", timeoutMs: 120_000, model: startChatCompletionsApi, processEnv: opencodeEnv });

/** opencode's own side call for a new session's title (it offers no tools). */
const isTitle = (request: ModelRequest) => request.tools.length === 0;

it("under edits, finds and reads the earlier session through arbor_* tools; a denied one is not offered", async () => {
  const sessionRef = await earlierSession(s, (request) => ({
    kind: "text",
    text: isTitle(request) ? "Title" : "The refresh check used wombatclock skew; fixed.",
  }));

  const steps = [
    { name: "arbor_search_sessions", input: { query: "wombatclock" } },
    { name: "arbor_get_session", input: { ref: sessionRef } },
  ];
  const before = s.model.requests.length;
  const permissions = { mode: "edits" as const, deny: ["mcp__arbor__create_issue"] };
  const { run } = await consultingTurn(
    s,
    (request): Reply => {
      if (isTitle(request)) return { kind: "text", text: "Title" };
      const step = steps[toolResults(request).length];
      return step ? { kind: "tool_use", calls: [step] } : { kind: "text", text: "Consulted Arbor." };
    },
    { permissions },
  );

  const turns = s.model.requests.slice(before).filter((request) => !isTitle(request));
  const offered = turns[0].tools;
  for (const tool of ["search_sessions", "get_session", "get_issue", "get_spec", "list_issue_sessions", "cite"]) expect(offered).toContain(`arbor_${tool}`);
  expect(offered).not.toContain("arbor_create_issue");
  expect(offered).not.toContain("bash");

  // The model got Arbor's answers back as tool results.
  const results = toolResults(turns[turns.length - 1]);
  expect(results[0]).toContain(sessionRef);
  expect(results[1]).toContain("wombatclock skew");

  // Recorded with the execution, with what it read.
  await expectRecorded(run.id, ["search_sessions", "get_session"], sessionRef);

  // In the log like any tool call; the token is in no event.
  expect(await eventLog(run.id)).toContain("arbor_get_session");
  await expectNoToken(run.id);
});

it("completes when Arbor's MCP server is down", async () => {
  const before = s.model.requests.length;
  await downServerCase(s, (request) => ({ kind: "text", text: isTitle(request) ? "Title" : "Answered without Arbor's tools." }));
  const offered = s.model.requests.slice(before).flatMap((request) => request.tools);
  expect(offered.length).toBeGreaterThan(0);
  expect(offered.filter((tool) => tool.startsWith("arbor_"))).toEqual([]);
});
