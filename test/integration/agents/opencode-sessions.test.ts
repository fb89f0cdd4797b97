import fs from "node:fs";
import path from "node:path";
import { startChatCompletionsApi } from "@/test/support/chat-completions-api";
import { conversation, echoScript, isToolResultTurn, type ModelRequest } from "@/test/support/stand-in/model-api";
import { opencodeEnv } from "@/test/integration/agents/support/agent-envs";
import { expectCancelStopsGroup, expectCompleted as expectCompletedWith, useAgentSuite } from "@/test/integration/agents/support/agent-suite";
import type { AgentRun } from "@/test/integration/agents/support/run-agent";

// The real opencode (1.18.33), planned through the registry and run like the
// runner runs it (prompt on stdin), against the Chat-Completions stand-in.
// opencode is slow to start (several seconds a run on these machines), so
// each test does several things.

jest.setTimeout(180_000);

const suite = useAgentSuite(
  "opencode",
  () => startChatCompletionsApi(),
  (api) => opencodeEnv(api),
);
const run = suite.run;
const expectCompleted = (result: AgentRun) => expectCompletedWith(result);

/** opencode's own side call for a new session's title (it offers no tools). */
const isTitleRequest = (request: ModelRequest) => request.tools.length === 0;
const turns = () => suite.api.requests.filter((request) => !isTitleRequest(request));
const lastConversation = () => conversation(turns()[turns().length - 1]);

describe("opencode sessions", () => {
  it("runs with the prompt on stdin, continues and forks by id; usage is the run's steps", async () => {
    const first = await run({ kind: "new" }, "-x Hello opencode");
    expectCompleted(first);
    const id = first.outcome.sessionId!;
    expect(id).toMatch(/^ses_/);
    expect(first.plan.stdin).toBe("-x Hello opencode");
    expect(first.outcome).toMatchObject({ sessionConfirmed: true, result: { usage: { inputTokens: 11, outputTokens: 7 }, costUsd: 0 } });
    expect(first.entries).toContainEqual({ type: "assistant_text", text: "Echo: -x Hello opencode" });
    expect(lastConversation()).toEqual([{ role: "user", text: "-x Hello opencode" }]);
    expect(fs.existsSync(path.join(suite.sandbox.homeRoot, "opencode", "data", "opencode", "opencode.db"))).toBe(true);

    const second = await run({ kind: "continue", sessionId: id }, "second turn");
    expectCompleted(second);
    expect(second.outcome.sessionId).toBe(id);
    expect(lastConversation().map((m) => m.text)).toEqual(["-x Hello opencode", "Echo: -x Hello opencode", "second turn"]);

    const fork = await run({ kind: "fork", fromSessionId: id }, "branch B");
    expectCompleted(fork);
    expect(fork.outcome.sessionId).toMatch(/^ses_/);
    expect(fork.outcome.sessionId).not.toBe(id);
    expect(lastConversation().map((m) => m.text)).toEqual(["-x Hello opencode", "Echo: -x Hello opencode", "second turn", "Echo: second turn", "branch B"]);

    expectCompleted(await run({ kind: "continue", sessionId: id }, "back on A"));
    expect(lastConversation().map((m) => m.text)).toEqual(["-x Hello opencode", "Echo: -x Hello opencode", "second turn", "Echo: second turn", "back on A"]);
  });

  it("writes files and runs commands in its workspace, summing every step's usage", async () => {
    suite.api.setScript((request) => {
      if (isTitleRequest(request)) return echoScript(request);
      if (!isToolResultTurn(request)) {
        return {
          kind: "tool_use",
          text: "Working.",
          calls: [
            { id: "w1", name: "write", input: { filePath: "notes.md", content: "# Notes\n" } },
            { id: "b1", name: "bash", input: { command: "echo built > out.txt && cat out.txt", description: "Build" } },
          ],
        };
      }
      return { kind: "text", text: "Done." };
    });
    const result = await run({ kind: "new" }, "work");
    expectCompleted(result);
    expect(fs.readFileSync(path.join(suite.sandbox.cwd, "notes.md"), "utf8")).toBe("# Notes\n");
    expect(fs.readFileSync(path.join(suite.sandbox.cwd, "out.txt"), "utf8")).toBe("built\n");
    expect(result.outcome.result?.usage).toEqual({ inputTokens: 22, outputTokens: 14 });
    expect(result.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "tool_call", toolUseId: "w1", summary: { kind: "file_write", path: "notes.md", content: "# Notes\n" } }),
        { type: "tool_result", toolUseId: "w1", content: expect.any(String), isError: false },
        expect.objectContaining({
          type: "tool_call",
          toolUseId: "b1",
          summary: { kind: "command", command: "echo built > out.txt && cat out.txt", description: "Build" },
        }),
        { type: "tool_result", toolUseId: "b1", content: "built\n", isError: false },
        { type: "assistant_text", text: "Done." },
      ]),
    );
  });

  it("reports an unknown session, and an API error as the run's result", async () => {
    const unknown = await run({ kind: "continue", sessionId: "ses_doesnotexist000000000000" }, "anyone?");
    expect(unknown.exit).toMatchObject({ ok: true, exitCode: 1 });
    expect(unknown.outcome).toMatchObject({ sessionId: null, sessionNotFound: true });

    suite.api.setScript((request) => (isTitleRequest(request) ? echoScript(request) : { kind: "http_error", status: 400, message: "stand-in refuses" }));
    const failed = await run({ kind: "new" }, "x");
    expect(failed.exit).toMatchObject({ ok: true, exitCode: 1 });
    expect(failed.outcome.result).toMatchObject({ isError: true, errorMessage: "stand-in refuses" });
  });

  it("stops a hanging run with its whole process group within 5 s, leaving it interrupted", async () => {
    suite.api.setScript((request) => (isTitleRequest(request) ? echoScript(request) : { kind: "hang", text: "Thinking" }));
    await expectCancelStopsGroup(
      (extra) => run({ kind: "new" }, "never ends", extra),
      () => turns().length > 0,
      { startTimeoutMs: 60_000 },
    );
  });
});
