import { geminiEnv } from "@/test/integration/agents/support/agent-envs";
import { startGeminiApi } from "@/test/support/gemini-api";
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

// The real Gemini CLI consults Arbor while it works: the runner attaches
// Arbor's MCP server to the run (the isolated home's settings name it, the
// launch's environment carries its URL and token, the --policy file allows its
// tools), the stand-in model searches the history and reads the earlier
// session it found, by the names Gemini offers it; each call is answered by the real
// /api/mcp, recorded with the execution and shown in its log. With the server
// down the turn still completes.

jest.setTimeout(180_000);

const s = useMcpScenario({ agent: "gemini", model: startGeminiApi, runnerEnv: ({ model, h }) => geminiEnv(model, h.tmp) });

it("finds and reads the earlier session where the same problem was solved", async () => {
  // One piece: search indexes each streamed delta by itself, and the stand-in's default 8-character pieces split words.
  const sessionRef = await earlierSession(s, () => ({
    kind: "text",
    text: "The refresh token check used wombatclock skew; I fixed the comparison.",
    chunkSize: 1000,
  }));

  const script = searchThenRead(sessionRef, (offered, tool) => offered.find((name) => name.endsWith(`arbor_${tool}`))!);
  const { run } = await consultingTurn(s, (request): Reply => {
    // Only this conversation calls Arbor; a side request of Gemini's (offering no tools) just gets text.
    if (!lastUserText(request).includes("consult arbor first") || !request.tools.includes("mcp_arbor_search_sessions")) return { kind: "text", text: "No." };
    return script.reply(request);
  });

  // Offered under auto_edit (the policy file allows them), and answered as tool results.
  const offered = s.model.requests.find((r) => lastUserText(r).includes("consult arbor first"))!.tools;
  expect(offered).toEqual(expect.arrayContaining(["mcp_arbor_search_sessions", "mcp_arbor_get_session", "mcp_arbor_create_issue"]));
  const last = script.seen[script.seen.length - 1];
  expect(last[0]).toContain(sessionRef);
  expect(last[1]).toContain("wombatclock skew");

  // Recorded with the execution, with what it consulted.
  await expectRecorded(run.id, ["search_sessions", "get_session"], sessionRef, { isError: false });

  // In the log like any tool call; the token is in neither the argv nor any event.
  const log = await eventLog(run.id);
  expect(log).toContain('"tool_name":"mcp_arbor_get_session"');
  expect(log).toContain("--policy");
  await expectNoToken(run.id);
  const entries = (await api.events(run.id)).body.events.flatMap((e) => e.entries);
  expect(entries).toContainEqual(expect.objectContaining({ type: "tool_call", tool: "mcp_arbor_search_sessions", input: { query: "wombatclock" } }));
});

it("completes when Arbor's MCP server is down", async () => {
  await downServerOffersNone(s, (request) => request.tools.filter((name) => name.includes("arbor")));
});
