import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { turnUsage } from "@/server/agents/session-report";
import type { LaunchMode } from "@/server/agents/types";
import { startChatCompletionsApi } from "@/test/support/chat-completions-api";
import { conversation, DEFAULT_USAGE, isToolResultTurn, type ModelRequest } from "@/test/support/stand-in/model-api";
import { qwenEnv } from "@/test/integration/agents/support/agent-envs";
import { expectCancelStopsGroup, expectCompleted as expectCompletedWith, useAgentSuite } from "@/test/integration/agents/support/agent-suite";
import type { AgentRun } from "@/test/integration/agents/support/run-agent";

// The real Qwen Code (0.24.4, on Node 20 despite its engines field), planned
// through the registry and run like the runner runs it, against the
// Chat-Completions stand-in.

jest.setTimeout(120_000);

const suite = useAgentSuite(
  "qwen",
  () => startChatCompletionsApi(),
  (api) => qwenEnv(api),
);
const run = suite.run;
const expectCompleted = (result: AgentRun) => expectCompletedWith(result, /^Ripgrep not available/);

/** Qwen's background memory extraction after a turn is a model call of its own. */
const isMemoryCall = (request: ModelRequest) => request.system.includes("memory extraction");
const turns = () => suite.api.requests.filter((request) => !isMemoryCall(request));
const lastConversation = () => conversation(turns()[turns().length - 1]);

/** Runs and returns the run plus how many model calls it made (each answered with DEFAULT_USAGE). */
async function counted(mode: LaunchMode, prompt: string): Promise<{ result: AgentRun; calls: number }> {
  const before = suite.api.requests.length;
  const result = await run(mode, prompt);
  return { result, calls: suite.api.requests.length - before };
}

describe("Qwen Code sessions", () => {
  it("names a session, continues it, forks it; a turn's usage is its share of the session total", async () => {
    const id = randomUUID();
    const first = await counted({ kind: "new", sessionId: id }, "Hello Qwen");
    expectCompleted(first.result);
    expect(first.result.outcome).toMatchObject({ sessionId: id, sessionConfirmed: true });
    expect(first.result.entries).toContainEqual({ type: "assistant_text", text: "Echo: Hello Qwen" });
    expect(fs.existsSync(path.join(suite.sandbox.homeRoot, "qwen", "projects"))).toBe(true);

    const second = await counted({ kind: "continue", sessionId: id }, "-x second turn");
    expectCompleted(second.result);
    expect(second.result.outcome.sessionId).toBe(id);
    expect(lastConversation()).toEqual([
      { role: "user", text: "Hello Qwen" },
      { role: "assistant", text: "Echo: Hello Qwen" },
      { role: "user", text: "-x second turn" },
    ]);

    const fork = await counted({ kind: "fork", fromSessionId: id }, "branch B");
    expectCompleted(fork.result);
    expect(fork.result.outcome.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(fork.result.outcome.sessionId).not.toBe(id);
    expect(lastConversation().map((m) => m.text)).toEqual(["Hello Qwen", "Echo: Hello Qwen", "-x second turn", "Echo: -x second turn", "branch B"]);

    // Each turn's share equals what the stand-in served during it (memory calls included).
    const served = (calls: number) => ({ inputTokens: calls * DEFAULT_USAGE.inputTokens, outputTokens: calls * DEFAULT_USAGE.outputTokens });
    const u1 = turnUsage("session-total", first.result.outcome.result!.usage, null);
    const u2 = turnUsage("session-total", second.result.outcome.result!.usage, u1.sessionTotal);
    const u3 = turnUsage("session-total", fork.result.outcome.result!.usage, u2.sessionTotal);
    expect([u1.turn, u2.turn, u3.turn]).toEqual([served(first.calls), served(second.calls), served(fork.calls)]);
  });

  it("reports unknown sessions, sessions of another folder, and ids in use", async () => {
    expect((await run({ kind: "continue", sessionId: randomUUID() }, "anyone?")).outcome).toMatchObject({ sessionId: null, sessionNotFound: true });
    const id = randomUUID();
    expectCompleted(await run({ kind: "new", sessionId: id }, "made here"));
    expect((await run({ kind: "continue", sessionId: id }, "elsewhere", { cwd: suite.sandbox.newWorkspace() })).outcome).toMatchObject({
      sessionId: null,
      sessionNotFound: true,
    });
    expect((await run({ kind: "new", sessionId: id }, "same id")).outcome).toMatchObject({ sessionId: null, sessionIdInUse: true });
  });

  it("writes files under auto-edit, and fails a turn on an API error", async () => {
    suite.api.setScript((request) => {
      if (isMemoryCall(request)) return { kind: "text", text: "nothing to remember" };
      if (request.messages.at(-1)?.text.includes("FAILTEST")) return { kind: "http_error", status: 400, message: "stand-in refuses FAILTEST" };
      if (isToolResultTurn(request)) return { kind: "text", text: "Done." };
      return {
        kind: "tool_use",
        calls: [{ id: "w1", name: "write_file", input: { file_path: path.join(suite.sandbox.cwd, "notes.md"), content: "# Notes\n" } }],
      };
    });
    const result = await run({ kind: "new" }, "write notes");
    expectCompleted(result);
    expect(fs.readFileSync(path.join(suite.sandbox.cwd, "notes.md"), "utf8")).toBe("# Notes\n");
    expect(result.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: "tool_call",
          toolUseId: "w1",
          summary: { kind: "file_write", path: path.join(suite.sandbox.cwd, "notes.md"), content: "# Notes\n" },
        }),
        expect.objectContaining({ type: "tool_result", toolUseId: "w1", isError: false }),
      ]),
    );

    const failed = await run({ kind: "new" }, "FAILTEST");
    expect(failed.exit).toMatchObject({ ok: true, exitCode: 1 });
    expect(failed.outcome.result).toMatchObject({
      isError: true,
      errorMessage: expect.stringContaining("FAILTEST"),
      usage: { inputTokens: null, outputTokens: null },
    });
  });

  it("stops a hanging run with its whole group (its relaunched child too) within 5 s, leaving it interrupted", async () => {
    suite.api.setScript(() => ({ kind: "hang", text: "Thinking" }));
    await expectCancelStopsGroup(
      (extra) => run({ kind: "new", sessionId: randomUUID() }, "never ends", extra),
      () => suite.api.requests.length > 0,
      { relaunches: true },
    );
  });
});
