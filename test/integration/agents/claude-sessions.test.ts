import { randomUUID, createHash } from "node:crypto";
import fs from "node:fs";
import { conversation, startMessagesApi, type MessagesApi } from "@/test/support/messages-api";
import { createSandbox, runAgent, type AgentRun, type Sandbox } from "@/test/integration/agents/support/run-agent";

// The real Claude Code CLI, launched through the registry's launch builder
// and agent-process, talking to the Messages API stand-in. These pin down the
// CLI behaviour Arbor's sessions rely on.

jest.setTimeout(60_000);

let api: MessagesApi;
let sandbox: Sandbox;

beforeEach(async () => {
  api = await startMessagesApi();
  sandbox = createSandbox(api);
});
afterEach(async () => {
  await api.close();
  sandbox.cleanup();
});

const hash = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

function run(mode: Parameters<typeof runAgent>[1]["mode"], prompt: string, cwd = sandbox.cwd): Promise<AgentRun> {
  return runAgent("claude", { mode, prompt }, { cwd, env: sandbox.env });
}

function expectSucceeded(result: AgentRun): void {
  expect({ exit: result.exit, stderr: result.stderr }).toEqual({ exit: { ok: true, exitCode: 0, signal: null }, stderr: "" });
  expect(result.outcome.result).toMatchObject({ isError: false });
}

/** What the stand-in was sent on the last call. */
const lastConversation = () => conversation(api.requests[api.requests.length - 1]);

describe("Claude Code sessions", () => {
  it("starts a new session under the id Arbor assigned", async () => {
    const id = randomUUID();
    const result = await run({ kind: "new", sessionId: id }, "Hello agent");
    expectSucceeded(result);
    expect(result.lines[0].event.kind).toBe("system_init");
    expect(result.outcome).toMatchObject({ sessionId: id, sessionConfirmed: true, lastAssistantMessageId: expect.any(String) });
    expect(result.entries).toContainEqual({ type: "assistant_text", text: "Echo: Hello agent" });
    expect(result.entries).toContainEqual(expect.objectContaining({ type: "result", isError: false, text: "Echo: Hello agent" }));
    expect(api.requests.every((r) => r.sessionId === id)).toBe(true);
    expect(fs.existsSync(sandbox.transcriptPath(id))).toBe(true);
  });

  it("continues a session: same id, and the previous turn is sent along", async () => {
    const id = randomUUID();
    expectSucceeded(await run({ kind: "new", sessionId: id }, "first turn"));
    const second = await run({ kind: "continue", sessionId: id }, "second turn");
    expectSucceeded(second);
    expect(second.outcome.sessionId).toBe(id);
    expect(lastConversation()).toEqual([
      { role: "user", text: "first turn" },
      { role: "assistant", text: "Echo: first turn" },
      { role: "user", text: "second turn" },
    ]);
  });

  it("forks a session into a new id, carrying the history and leaving the original untouched", async () => {
    const original = randomUUID();
    expectSucceeded(await run({ kind: "new", sessionId: original }, "shared start"));
    const before = hash(sandbox.transcriptPath(original));

    const forkId = randomUUID();
    const fork = await run({ kind: "fork", fromSessionId: original, newSessionId: forkId }, "branch B");
    expectSucceeded(fork);
    expect(fork.outcome).toMatchObject({ sessionId: forkId, sessionConfirmed: true });
    expect(lastConversation()).toEqual([
      { role: "user", text: "shared start" },
      { role: "assistant", text: "Echo: shared start" },
      { role: "user", text: "branch B" },
    ]);
    expect(hash(sandbox.transcriptPath(original))).toBe(before);
    expect(fs.existsSync(sandbox.transcriptPath(forkId))).toBe(true);
  });

  it("forks at an exact earlier assistant message after the session moved on", async () => {
    const id = randomUUID();
    const first = await run({ kind: "new", sessionId: id }, "turn one");
    expectSucceeded(first);
    const branchPoint = first.outcome.lastAssistantMessageId!;
    expectSucceeded(await run({ kind: "continue", sessionId: id }, "turn two"));

    const forkId = randomUUID();
    const fork = await run({ kind: "fork", fromSessionId: id, newSessionId: forkId, atMessageId: branchPoint }, "instead of two");
    expectSucceeded(fork);
    expect(fork.plan.argv).toContain("--resume-session-at");
    expect(fork.outcome.sessionId).toBe(forkId);
    // The history the model saw stops at the branch point: turn two is not in it.
    expect(lastConversation()).toEqual([
      { role: "user", text: "turn one" },
      { role: "assistant", text: "Echo: turn one" },
      { role: "user", text: "instead of two" },
    ]);
  });

  it("flags an unknown session and reports no session id for it", async () => {
    const unknown = randomUUID();
    const result = await run({ kind: "continue", sessionId: unknown }, "anyone there?");
    expect(result.exit).toEqual({ ok: true, exitCode: 1, signal: null });
    expect(result.stderr).toContain(`No conversation found with session ID: ${unknown}`);
    expect(result.outcome).toMatchObject({ sessionId: null, sessionNotFound: true, sessionConfirmed: false });
    expect(result.outcome.result).toMatchObject({ isError: true, sessionId: null, sessionNotFound: true });
    expect(result.lines.map((l) => l.event.kind)).toEqual(["result"]);
    expect(api.requests).toHaveLength(0);
  });

  it("reports an unknown fork source as not found, without taking the would-be fork id", async () => {
    const result = await run({ kind: "fork", fromSessionId: randomUUID(), newSessionId: randomUUID() }, "x");
    expect(result.outcome).toMatchObject({ sessionId: null, sessionNotFound: true });
    expect(result.outcome.result?.sessionId).toBeNull();
  });

  it("refuses to reuse an id for a new session (stderr only)", async () => {
    const id = randomUUID();
    expectSucceeded(await run({ kind: "new", sessionId: id }, "first"));
    const again = await run({ kind: "new", sessionId: id }, "again");
    expect(again.exit).toEqual({ ok: true, exitCode: 1, signal: null });
    expect(again.lines).toEqual([]);
    expect(again.stderr).toContain(`Session ID ${id} is already in use`);
    expect(again.outcome).toMatchObject({ sessionIdInUse: true, sessionId: null });
  });

  it("resumes by id from another cwd (2.1.330 looks sessions up across projects)", async () => {
    const id = randomUUID();
    expectSucceeded(await run({ kind: "new", sessionId: id }, "made here"));
    const elsewhere = await run({ kind: "continue", sessionId: id }, "asked elsewhere", sandbox.newWorkspace());
    expectSucceeded(elsewhere);
    expect(elsewhere.outcome.sessionId).toBe(id);
    expect(lastConversation().map((m) => m.text)).toEqual(["made here", "Echo: made here", "asked elsewhere"]);
  });

  it("passes a prompt that looks like an option as the prompt", async () => {
    const result = await run({ kind: "new", sessionId: randomUUID() }, "--version -p");
    expectSucceeded(result);
    expect(result.entries).toContainEqual({ type: "assistant_text", text: "Echo: --version -p" });
  });
});
