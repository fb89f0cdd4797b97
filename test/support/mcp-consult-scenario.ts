import { POST as mcpRoute } from "@/app/api/mcp/route";
import { prisma } from "@/server/db";
import type { RunnerHandle } from "@/server/runner/process/run-runner";
import { resetDb } from "@/test/support/db";
import { api } from "@/test/support/executions-api";
import { createHarness, type Harness, waitForExecution, waitForSearchIndexed } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import type { MessagesApi } from "@/test/support/messages-api";
import { startRouteServer, type RouteServer } from "@/test/support/route-server";
import { setEnv } from "@/test/support/route-call";
import type { ModelRequest, Reply } from "@/test/support/stand-in/model-api";

// What the "<agent> consults Arbor" suites share: the real /api/mcp served
// over HTTP, a runner that attaches it to each run (ARBOR_MCP_URL), an
// earlier session made and indexed so there is something to find, the
// consulting turn, and what every agent's run must leave behind (the calls
// recorded, no token in any event), and the same turn with the server down.
// How each agent offers Arbor's tools, and what its log shows, stays in its
// own file.

/** The stand-in a suite scripts: the harness's Messages API (Claude) or an agent's model API. */
type StandIn = { setScript(script: never): void };
type ScriptOf<M extends StandIn> = Parameters<M["setScript"]>[0];

export type McpScenario<M extends StandIn> = {
  h: Harness;
  web: RouteServer;
  model: M;
  runner: RunnerHandle;
  /** The agent each turn runs (undefined: the default, Claude). */
  agent?: string;
  /** How long a turn may take. */
  timeoutMs?: number;
  /** The runner's environment besides ARBOR_MCP_URL. */
  runnerEnv(): Record<string, string | undefined>;
};

/** A token as Arbor mints them: it must be in no event. */
const TOKEN = /arbor_mcp_[A-Za-z0-9_-]{43}/;
const DOWN_URL = "http://127.0.0.1:9/api/mcp";

/**
 * A fresh database, the harness, the agent's stand-in (`model`; without it,
 * the harness's Messages API), the route server for /api/mcp and a runner
 * pointed at it. `processEnv` is laid over process.env for the suite (the API
 * reads it too, e.g. whether the agent is ready to run; the runner gets it at
 * start); `runnerEnv` goes to the runner only; `setUp`/`tearDown` are the
 * suite's own (e.g. an agents file). Registers beforeAll/afterAll; the fields
 * are set once beforeAll ran.
 */
export function useMcpScenario<M extends StandIn & { close?(): Promise<void> } = MessagesApi>(options: {
  agent?: string;
  timeoutMs?: number;
  model?: () => Promise<M>;
  processEnv?: (model: M) => Record<string, string | undefined>;
  runnerEnv?: (s: McpScenario<M>) => Record<string, string | undefined>;
  setUp?: (s: McpScenario<M>) => void | Promise<void>;
  tearDown?: () => void;
}): McpScenario<M> {
  const s = { agent: options.agent, timeoutMs: options.timeoutMs } as McpScenario<M>;
  s.runnerEnv = () => options.runnerEnv?.(s) ?? {};
  let restoreEnv: (() => void) | undefined;
  beforeAll(async () => {
    await resetDb();
    s.h = await createHarness();
    s.model = options.model ? await options.model() : (s.h.api as unknown as M);
    if (options.processEnv) restoreEnv = setEnv(options.processEnv(s.model));
    await options.setUp?.(s);
    s.web = await startRouteServer({ "/api/mcp": { POST: mcpRoute } });
    s.runner = await s.h.startRunner({ env: { ...s.runnerEnv(), ARBOR_MCP_URL: `${s.web.url}/api/mcp` } });
  });
  afterAll(async () => {
    await s.h?.close();
    if (options.model) await s.model?.close?.();
    await s.web?.close();
    options.tearDown?.();
    restoreEnv?.();
  });
  return s;
}

/** Runs `prompt` on a new issue titled `title` and waits for it to complete. */
async function completedTurn<M extends StandIn>(
  s: McpScenario<M>,
  title: string,
  prompt: string,
  extra: { permissions?: { mode: "edits"; deny: string[] } } = {},
) {
  const issue = await makeIssue({ title });
  const created = await api.create({ issueId: issue.id, prompt, ...(s.agent ? { agent: s.agent } : {}), ...extra });
  const run = await waitForExecution(created.body.id, undefined, s.timeoutMs);
  expect(run.status).toBe("completed");
  return { issue, run };
}

/** The first turn, where the clock bug was fixed (`script` answers it), run and indexed for search; its session's ref. */
export async function earlierSession<M extends StandIn>(s: McpScenario<M>, script: ScriptOf<M>): Promise<string> {
  s.model.setScript(script as never);
  const { run } = await completedTurn(s, "Sessions expire too early", "fix the expiry");
  await waitForSearchIndexed(run.id);
  const earlier = await prisma.execution.findUniqueOrThrow({ where: { id: run.id }, select: { managedSessionId: true } });
  return earlier.managedSessionId!;
}

/** The turn that consults Arbor (`script` makes its calls), on a new issue; it completes. */
export async function consultingTurn<M extends StandIn>(
  s: McpScenario<M>,
  script: ScriptOf<M>,
  extra: { permissions?: { mode: "edits"; deny: string[] } } = {},
) {
  s.model.setScript(script as never);
  return completedTurn(s, "Users are logged out at midnight", "consult arbor first", extra);
}

/**
 * Arbor recorded the run's calls, in order (with `isError`: each with that
 * flag), and the get_session call with the session it read.
 */
export async function expectRecorded(runId: string, tools: string[], consultedRef: string, options: { isError?: boolean } = {}) {
  const calls = await prisma.mcpCall.findMany({ where: { executionId: runId }, orderBy: { id: "asc" } });
  if (options.isError === undefined) expect(calls.map((c) => c.tool)).toEqual(tools);
  else expect(calls.map((c) => [c.tool, c.isError])).toEqual(tools.map((tool) => [tool, options.isError]));
  expect(calls[tools.indexOf("get_session")].consulted).toEqual([consultedRef]);
}

/** The citation shows as a backlink from the issue to the session. */
export async function expectCited(issueId: string, sessionRef: string) {
  expect(await prisma.entityReference.findFirst({ where: { sourceId: issueId, targetId: sessionRef, origin: "agent" } })).not.toBeNull();
}

/** The payloads of the run's stored events, as one string to search. */
export async function eventLog(runId: string): Promise<string> {
  const events = await prisma.executionEvent.findMany({ where: { executionId: runId }, orderBy: { seq: "asc" }, select: { payload: true } });
  return JSON.stringify(events.map((e) => e.payload));
}

/** The run's token is in no event (not in the logged argv either). */
export async function expectNoToken(runId: string) {
  expect(await eventLog(runId)).not.toMatch(TOKEN);
}

/**
 * The runner restarted against a server that is not there; a turn (`script`
 * answers it) still completes. The caller checks that no Arbor tool was offered.
 */
export async function downServerCase<M extends StandIn>(s: McpScenario<M>, script: ScriptOf<M>) {
  await s.runner.stop();
  await s.h.startRunner({ runnerId: "runner-mcp-down", env: { ...s.runnerEnv(), ARBOR_MCP_URL: DOWN_URL } });
  s.model.setScript(script as never);
  return completedTurn(s, "Works without Arbor", "no server today");
}

/** The down-server case where the model answers at once: it is offered none of `arborTools(request)`. */
export async function downServerOffersNone<M extends StandIn>(s: McpScenario<M>, arborTools: (request: Parameters<ScriptOf<M>>[0]) => string[]) {
  const offered: string[] = [];
  const script = (request: Parameters<ScriptOf<M>>[0]) => {
    offered.push(...arborTools(request));
    return { kind: "text", text: "Answered without Arbor's tools." };
  };
  await downServerCase(s, script as ScriptOf<M>);
  expect(offered).toEqual([]);
}

/** The tool results of the turn so far (everything after its last user message). */
export function turnResults(request: ModelRequest): string[] {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf("user");
  return request.messages.slice(lastUser + 1).flatMap((m) => (m.role === "tool" ? [m.text] : []));
}

/** Every tool result in the conversation. */
export const toolResults = (request: ModelRequest) => request.messages.filter((m) => m.role === "tool").map((m) => m.text);

/**
 * A model that searches the history for the clock bug, then reads `sessionRef`,
 * one call per request, by the name `nameOf` finds among the tools the agent
 * offered; then answers. `seen` keeps each request's tool results.
 */
export function searchThenRead(sessionRef: string, nameOf: (offered: string[], tool: string) => string) {
  const seen: string[][] = [];
  const reply = (request: ModelRequest): Reply => {
    const results = turnResults(request);
    seen.push(results);
    if (results.length === 0) return { kind: "tool_use", calls: [{ name: nameOf(request.tools, "search_sessions"), input: { query: "wombatclock" } }] };
    if (results.length === 1) return { kind: "tool_use", calls: [{ name: nameOf(request.tools, "get_session"), input: { ref: sessionRef } }] };
    return { kind: "text", text: "Consulted Arbor." };
  };
  return { reply, seen };
}
