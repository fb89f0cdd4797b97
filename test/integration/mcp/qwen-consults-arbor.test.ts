import { qwenEnv } from "@/test/integration/agents/support/agent-envs";
import { startChatCompletionsApi } from "@/test/support/chat-completions-api";
import { api } from "@/test/support/executions-api";
import { lastUserText, type Reply } from "@/test/support/stand-in/model-api";
import {
  consultingTurn,
  downServerOffersNone,
  earlierSession,
  eventLog,
  expectNoToken,
  expectRecorded,
  searchThenRead,
  useMcpScenario,
} from "@/test/support/mcp-consult-scenario";

// The real Qwen Code CLI consults Arbor while it works: the runner attaches
// Arbor's MCP server to the run (the isolated home's settings name it, the
// launch's environment carries its URL and token, --allowed-tools its tools),
// the stand-in model searches the history and reads the earlier session it
// found, by the names Qwen offers it; each call is answered by the real
// /api/mcp, recorded with the execution and shown in its log. With the server
// down the turn still completes.

jest.setTimeout(180_000);

const s = useMcpScenario({ agent: "qwen", model: startChatCompletionsApi, runnerEnv: ({ model }) => qwenEnv(model) });

it("finds and reads the earlier session where the same problem was solved", async () => {
  const sessionRef = await earlierSession(s, () => ({ kind: "text", text: "The refresh token check used wombatclock skew; I fixed the comparison." }));

  const script = searchThenRead(sessionRef, (offered, tool) => offered.find((name) => name.endsWith(`arbor__${tool}`))!);
  const { run } = await consultingTurn(s, (request): Reply => {
    // Qwen's background memory extraction is another conversation: not this one.
    if (!lastUserText(request).includes("consult arbor first")) return { kind: "text", text: "nothing to remember" };
    return script.reply(request);
  });

  // Offered by their own names (alwaysLoadTools: not behind tool_search), and answered as tool results.
  const offered = s.model.requests.find((r) => lastUserText(r).includes("consult arbor first"))!.tools;
  expect(offered).toEqual(expect.arrayContaining(["mcp__arbor__search_sessions", "mcp__arbor__get_session", "mcp__arbor__create_issue"]));
  const last = script.seen[script.seen.length - 1];
  expect(last[0]).toContain(sessionRef);
  expect(last[1]).toContain("wombatclock skew");

  // Recorded with the execution, with what it consulted.
  await expectRecorded(run.id, ["search_sessions", "get_session"], sessionRef, { isError: false });

  // In the log like any tool call; the token is in neither the argv nor any event.
  const log = await eventLog(run.id);
  expect(log).toContain('"name":"mcp__arbor__get_session"');
  expect(log).toContain("--allowed-tools");
  await expectNoToken(run.id);
  const entries = (await api.events(run.id)).body.events.flatMap((e) => e.entries);
  expect(entries).toContainEqual(expect.objectContaining({ type: "tool_call", tool: "mcp__arbor__search_sessions", input: { query: "wombatclock" } }));
});

it("completes when Arbor's MCP server is down", async () => {
  await downServerOffersNone(s, (request) => request.tools.filter((name) => name.includes("arbor")));
});
