import { prisma } from "@/server/db";
import { currentTurn } from "@/test/support/turn-script";
import type { RecordedRequest, Reply } from "@/test/support/messages-api";
import {
  consultingTurn,
  downServerOffersNone,
  earlierSession,
  eventLog,
  expectCited,
  expectNoToken,
  expectRecorded,
  useMcpScenario,
} from "@/test/support/mcp-consult-scenario";

// The real Claude Code CLI consults Arbor while it works: the runner attaches
// Arbor's MCP server to the run (--mcp-config, the token in the environment),
// the stand-in model searches the history, reads the earlier session it
// found and cites it — each call answered by the real /api/mcp, recorded with
// the execution, and shown in its log like any tool call. With the server
// down the turn still completes.

jest.setTimeout(180_000);

const s = useMcpScenario({});

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

it("finds, reads and cites the earlier session where the same problem was solved", async () => {
  const sessionRef = await earlierSession(s, () => ({ kind: "text", text: "The refresh token check used wombatclock skew; I fixed the comparison." }));

  const script = consulting([
    () => ({ name: "mcp__arbor__search_sessions", input: { query: "wombatclock" } }),
    () => ({ name: "mcp__arbor__get_session", input: { ref: sessionRef } }),
    () => ({ name: "mcp__arbor__cite", input: { ref: sessionRef, note: "same clock bug" } }),
  ]);
  const { issue, run } = await consultingTurn(s, script.reply);

  // The model got Arbor's answers as tool results (Claude Code hands it the structured content when there is one).
  const last = script.seen[script.seen.length - 1];
  expect(last[0]).toContain(sessionRef);
  expect(last[1]).toContain("wombatclock skew");
  expect(last[2]).toContain(sessionRef);
  expect(last[2]).toContain("same clock bug");

  // Recorded with the execution, and the citation shows as a backlink.
  await expectRecorded(run.id, ["search_sessions", "get_session", "cite"], sessionRef);
  await expectCited(issue.id, sessionRef);

  // In the log like any tool call; the token is in neither the argv nor any event.
  const log = await eventLog(run.id);
  expect(log).toContain("mcp__arbor__get_session");
  expect(log).toContain("--mcp-config");
  await expectNoToken(run.id);

  // Only the token's hash is kept (a finished turn's token answering 401: test/integration/mcp/mcp-server.test.ts).
  const token = await prisma.mcpToken.findFirstOrThrow({ where: { executionId: run.id } });
  expect(token.tokenHash).toMatch(/^[0-9a-f]{64}$/);
});

it("completes when Arbor's MCP server is down", async () => {
  await downServerOffersNone(s, (request) => JSON.stringify(request.tools).match(/mcp__arbor__\w+/g) ?? []);
});
