import { prisma } from "@/server/db";
import type { ExecutionDto } from "@/lib/executions/schema";
import { joinTextDeltas } from "@/lib/executions/log-entries";
import { expectError } from "@/test/support/api";
import { startChatCompletionsApi } from "@/test/support/chat-completions-api";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { startGeminiApi } from "@/test/support/gemini-api";
import { startResponsesApi } from "@/test/support/responses-api";
import { conversation, type ModelApi, type ModelRequest } from "@/test/support/stand-in/model-api";
import { codexEnv, copilotEnv, geminiEnv, opencodeEnv, qwenEnv } from "@/test/integration/agents/support/agent-envs";

// Every built-in agent besides Claude Code, through the whole of Arbor: the
// API records the run, the runner plans and spawns the real CLI (from
// devDependencies) against its vendor's stand-in, parses its stream with the
// agent's own reader, captures the session, stores usage per turn, and a
// Continue and a Fork run as the agent can make them. The agent layer's own
// tests (test/integration/agents/) cover each CLI's corners; this covers the
// wiring.

jest.setTimeout(240_000);

type Case = {
  agent: string;
  start: () => Promise<ModelApi>;
  env: (api: ModelApi, tmp: string) => Record<string, string | undefined>;
  /** native: the CLI forks; transcript: it cannot, so a Fork starts a session carrying Arbor's transcript. */
  fork: "native" | "transcript";
  /** Model calls that are not the conversation: Qwen's background memory extraction (counted in its usage), opencode's title (not counted). */
  aside?: (request: ModelRequest) => boolean;
  /** The model calls the CLI counts in the usage it reports (default: all). */
  counted?: (request: ModelRequest) => boolean;
  /**
   * Also forks the first turn (past which its session has moved): no agent
   * but Claude Code branches at a message, so Arbor starts a new session
   * carrying its transcript, the same for every agent. Each CLI run costs
   * seconds (the suite's time), so one agent stands for them all.
   */
  forkEarlier?: true;
};

const CASES: Case[] = [
  { agent: "codex", start: () => startResponsesApi(), env: (a) => codexEnv(a), fork: "native", forkEarlier: true },
  { agent: "gemini", start: () => startGeminiApi(), env: (a, tmp) => geminiEnv(a, tmp), fork: "native" },
  // opencode asks for a new session's title on the side (no tools offered), outside the run's usage.
  {
    agent: "opencode",
    start: () => startChatCompletionsApi(),
    env: (a) => opencodeEnv(a),
    fork: "native",
    aside: (r) => r.tools.length === 0,
    counted: (r) => r.tools.length > 0,
  },
  { agent: "qwen", start: () => startChatCompletionsApi(), env: (a) => qwenEnv(a), fork: "native", aside: (r) => r.system.includes("memory extraction") },
  { agent: "copilot", start: () => startChatCompletionsApi(), env: (a) => copilotEnv(a), fork: "transcript" },
];

const apis = new Map<string, ModelApi>();
const saved: Record<string, string | undefined> = {};

function setEnv(values: Record<string, string | undefined>): Record<string, string | undefined> {
  const before: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(values)) {
    before[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  return before;
}

const suite = useHarness();

// The stand-ins start before the runner: the runner gives agents the
// environment it started with, and the API (route handlers) reads process.env.
beforeAll(async () => {
  const { h } = suite;
  for (const c of CASES) {
    const started = await c.start();
    apis.set(c.agent, started);
    const before = setEnv(c.env(started, h.tmp));
    for (const [key, value] of Object.entries(before)) if (!(key in saved)) saved[key] = value;
  }
  // The plain command, for the test of an agent without sessions.
  for (const [key, value] of Object.entries(setEnv({ ARBOR_COMMAND_BIN: "/bin/echo", ARBOR_COMMAND_ARGS: undefined }))) if (!(key in saved)) saved[key] = value;
  await h.startRunner({ runnerId: "agents-runner" });
});

afterAll(async () => {
  for (const started of apis.values()) await started.close();
  setEnv(saved);
});

/** The conversation of the last model call that was part of it. */
function lastConversation(c: Case) {
  const calls = apis.get(c.agent)!.requests.filter((r) => !c.aside?.(r));
  return conversation(calls[calls.length - 1]);
}

/** The raw text of the last user message of the last model call that was part of the conversation (Arbor's transcript markers kept). */
function lastPrompt(c: Case): string {
  const calls = apis.get(c.agent)!.requests.filter((r) => !c.aside?.(r) && r.messages.some((m) => m.role === "user"));
  const users = calls[calls.length - 1].messages.filter((m) => m.role === "user");
  return users[users.length - 1].text;
}

/** Runs `start` and returns the finished execution and the model calls made meanwhile. */
async function turn(c: Case, start: () => Promise<{ status: number; body: ExecutionDto }>): Promise<{ execution: ExecutionDto; calls: number }> {
  const standIn = apis.get(c.agent)!;
  const before = standIn.requests.length;
  const created = await start();
  expect(created.status).toBe(201);
  const execution = await waitForEnd(created.body.id, 120_000);
  return { execution, calls: standIn.requests.slice(before).filter((r) => c.counted?.(r) ?? true).length };
}

/** A Fork of the first turn, which its session has moved past: a new session carrying Arbor's transcript up to that turn. */
async function forkOfFirstTurn(c: Case, first: ExecutionDto, sessionId: string): Promise<ExecutionDto> {
  const earlier = await turn(c, () => api.fork(first.id, "back to the start"));
  expect(earlier.execution).toMatchObject({ status: "completed", forkedFromExecutionId: first.id, resume: { decision: "fresh_with_transcript" } });
  expect(earlier.execution.sessionId).not.toBe(sessionId);
  expect(lastPrompt(c)).toMatch(/<arbor-transcript>[\s\S]*Hello [\s\S]*<\/arbor-transcript>[\s\S]*<arbor-request>[\s\S]*back to the start/);
  expect(lastPrompt(c)).not.toContain("and a second turn");
  return earlier.execution;
}

describe.each(CASES)("$agent through the API and the runner", (c) => {
  it("runs, continues and forks with the session captured, the history carried and usage per turn", async () => {
    const issueId = (await makeIssue({ title: `Try ${c.agent}` })).id;

    const first = await turn(c, () => api.create({ issueId, prompt: `Hello ${c.agent}`, agent: c.agent }));
    expect(first.execution).toMatchObject({ agent: c.agent, status: "completed", error: null, sessionConfirmed: true });
    const sessionId = first.execution.sessionId!;
    expect(sessionId).toBeTruthy();
    expect(first.execution.managedSessionId).toMatch(/^SESS-\d+$/);
    // Each model call of the stand-in reports 11 in / 7 out.
    expect(first.execution.usage).toMatchObject({ inputTokens: 11 * first.calls, outputTokens: 7 * first.calls });
    const log = await api.events(first.execution.id);
    expect(joinTextDeltas(log.body.events.flatMap((e) => e.entries))).toContainEqual(
      expect.objectContaining({ type: "assistant_text", text: expect.stringContaining(`Echo: Hello ${c.agent}`) }),
    );

    // Continue: the same session, the whole conversation sent, this turn's own usage.
    const second = await turn(c, () => api.continue(first.execution.id, "and a second turn"));
    expect(second.execution).toMatchObject({
      status: "completed",
      sessionId,
      parentExecutionId: first.execution.id,
      managedSessionId: first.execution.managedSessionId,
    });
    expect(second.execution.resume).toMatchObject({ decision: "resume", reason: "resumable" });
    expect(lastConversation(c)).toEqual([
      { role: "user", text: `Hello ${c.agent}` },
      { role: "assistant", text: expect.stringContaining(`Echo: Hello ${c.agent}`) },
      { role: "user", text: "and a second turn" },
    ]);
    expect(second.execution.usage).toMatchObject({ inputTokens: 11 * second.calls, outputTokens: 7 * second.calls });

    // Fork of the head: a new session with the whole conversation so far.
    const fork = await turn(c, () => api.fork(second.execution.id, "a different way"));
    expect(fork.execution).toMatchObject({ status: "completed", forkedFromExecutionId: second.execution.id });
    expect(fork.execution.sessionId).toBeTruthy();
    expect(fork.execution.sessionId).not.toBe(sessionId);
    expect(fork.execution.managedSessionId).not.toBe(first.execution.managedSessionId);
    if (c.fork === "native") {
      expect(fork.execution.resume).toMatchObject({ decision: "fork", reason: "resumable" });
      expect(lastConversation(c)).toEqual([
        { role: "user", text: `Hello ${c.agent}` },
        { role: "assistant", text: expect.stringContaining(`Echo: Hello ${c.agent}`) },
        { role: "user", text: "and a second turn" },
        { role: "assistant", text: expect.stringContaining("Echo: and a second turn") },
        { role: "user", text: "a different way" },
      ]);
      expect(fork.execution.usage).toMatchObject({ inputTokens: 11 * fork.calls, outputTokens: 7 * fork.calls });
    } else {
      // The CLI cannot fork: said up front, and the new session carries Arbor's transcript.
      expect(fork.execution.resume).toMatchObject({
        decision: "fresh_with_transcript",
        reason: "capability_missing",
        message: expect.stringMatching(/cannot fork a session of its own/),
      });
      expect(lastPrompt(c)).toMatch(
        /<arbor-transcript>[\s\S]*Hello [\s\S]*and a second turn[\s\S]*<\/arbor-transcript>[\s\S]*<arbor-request>[\s\S]*a different way/,
      );
    }

    // The tree: a root, its continue, and its fork (of the first turn too, where this agent does that).
    const earlier = c.forkEarlier ? await forkOfFirstTurn(c, first.execution, sessionId) : null;
    const tree = await api.sessionTree(issueId);
    const root = tree.body.roots.find((n) => n.id === first.execution.id)!;
    expect(root.children.map((n) => [n.id, n.edge]).sort()).toEqual([[second.execution.id, "continue"], ...(earlier ? [[earlier.id, "fork"]] : [])].sort());
    expect(root.children.find((n) => n.id === second.execution.id)!.children.map((n) => [n.id, n.edge])).toEqual([[fork.execution.id, "fork"]]);
  });
});

describe("refused before anything is queued", () => {
  it("an agent no live runner has installed, naming the variable to set, and an unknown one", async () => {
    const issueId = (await makeIssue()).id;
    const before = await prisma.execution.count();
    // aider is a Python program: PyPI is out of reach here, so no runner has it.
    const missing = await api.create({ issueId, prompt: "hi", agent: "aider" });
    expect(missing.status).toBe(422);
    expect(expectError(missing)).toMatchObject({
      message: expect.stringMatching(/^agent: aider is not installed on runner agents-runner: set AIDER_BIN in that runner's environment/),
      details: { fieldErrors: { agent: [expect.stringMatching(/^aider is not installed/)] } },
    });
    const unknown = await api.create({ issueId, prompt: "hi", agent: "nobody" });
    expect(unknown.status).toBe(422);
    expect(expectError(unknown).message).toMatch(/^agent: unknown agent "nobody" \(known: claude, codex/);
    expect(await prisma.execution.count()).toBe(before);
  });

  it("Continue and Fork of an agent without sessions, naming the capability", async () => {
    const issueId = (await makeIssue()).id;
    const created = await api.create({ issueId, prompt: "hello", agent: "command" });
    expect(created.status).toBe(201);
    for (const mode of ["continue", "fork"] as const) {
      const followUp = await api.followUp(mode, created.body.id, { prompt: "more" });
      expect(followUp.status).toBe(409);
      expect(expectError(followUp)).toMatchObject({
        message: expect.stringMatching(/^Command has no sessions/),
        details: { reason: "agent_has_no_sessions", capability: "resume-by-id" },
      });
    }
    expect(await waitForEnd(created.body.id)).toMatchObject({ status: "completed", agent: "command" });
  });
});
