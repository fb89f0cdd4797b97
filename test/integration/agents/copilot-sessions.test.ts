import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { turnUsage } from "@/server/agents/session-report";
import { startChatCompletionsApi } from "@/test/support/chat-completions-api";
import { conversation, DEFAULT_USAGE, isToolResultTurn } from "@/test/support/stand-in/model-api";
import { copilotEnv } from "@/test/integration/agents/support/agent-envs";
import { expectCancelStopsGroup, expectCompleted as expectCompletedWith, useAgentSuite } from "@/test/integration/agents/support/agent-suite";
import { planFor, type AgentRun } from "@/test/integration/agents/support/run-agent";

// The real GitHub Copilot CLI (1.0.102, bring-your-own-key), planned through
// the registry and run like the runner runs it, against the
// Chat-Completions stand-in.

jest.setTimeout(90_000);

const suite = useAgentSuite(
  "copilot",
  () => startChatCompletionsApi(),
  (api) => copilotEnv(api),
);
const run = suite.run;
const expectCompleted = (result: AgentRun) => expectCompletedWith(result);

const lastConversation = () => conversation(suite.api.requests[suite.api.requests.length - 1]);
const served = (calls: number) => ({ inputTokens: calls * DEFAULT_USAGE.inputTokens, outputTokens: calls * DEFAULT_USAGE.outputTokens });

describe("Copilot CLI sessions", () => {
  it("runs a session Arbor named (the stream names it only at the end) and continues it; usage per turn from the usage file", async () => {
    const id = randomUUID();
    const first = await run({ kind: "new", sessionId: id }, "Hello Copilot");
    expectCompleted(first);
    expect(first.plan.expectedSessionId).toBe(id);
    expect(first.outcome).toMatchObject({ sessionId: id, sessionConfirmed: true, announced: [id] });
    expect(first.lines.at(-1)?.event.kind).toBe("result");
    expect(first.entries).toContainEqual({ type: "assistant_text", text: "Echo: Hello Copilot" });
    expect(fs.existsSync(path.join(suite.sandbox.homeRoot, "copilot", "session-state", id))).toBe(true);
    expect(first.outcome.usageFile).toEqual(served(1));

    const second = await run({ kind: "continue", sessionId: id }, "-x second turn");
    expectCompleted(second);
    expect(second.outcome.sessionId).toBe(id);
    expect(lastConversation()).toEqual([
      { role: "user", text: "Hello Copilot" },
      { role: "assistant", text: "Echo: Hello Copilot" },
      { role: "user", text: "-x second turn" },
    ]);
    const u1 = turnUsage("session-total", first.outcome.usageFile!, null);
    expect(turnUsage("session-total", second.outcome.usageFile!, u1.sessionTotal).turn).toEqual(served(1));
  });

  it("cannot fork (the plan says so before anything runs), and reports an unknown session", async () => {
    expect(
      await planFor("copilot", { mode: { kind: "fork", fromSessionId: randomUUID() }, prompt: "x" }, suite.sandbox.env, { homeRoot: suite.sandbox.homeRoot }),
    ).toMatchObject({
      ok: false,
      code: "agent_unsupported",
    });
    const unknown = await run({ kind: "continue", sessionId: randomUUID() }, "anyone?");
    expect(unknown.exit).toMatchObject({ ok: true, exitCode: 1 });
    expect(unknown.outcome).toMatchObject({ sessionId: null, sessionNotFound: true });
    expect(suite.api.requests).toHaveLength(0);
  });

  it("runs tools in its workspace, and fails a turn on an API error", async () => {
    suite.api.setScript((request) => {
      if (request.messages.at(-1)?.text.includes("FAILTEST")) return { kind: "http_error", status: 400, message: "stand-in refuses FAILTEST" };
      if (isToolResultTurn(request)) return { kind: "text", text: "Done." };
      return {
        kind: "tool_use",
        calls: [
          { id: "c1", name: "create", input: { path: path.join(suite.sandbox.cwd, "notes.md"), file_text: "# Notes\n" } },
          { id: "b1", name: "bash", input: { command: "echo built > out.txt && cat out.txt", description: "Build" } },
        ],
      };
    });
    const result = await run({ kind: "new", sessionId: randomUUID() }, "work");
    expectCompleted(result);
    expect(fs.readFileSync(path.join(suite.sandbox.cwd, "notes.md"), "utf8")).toBe("# Notes\n");
    expect(fs.readFileSync(path.join(suite.sandbox.cwd, "out.txt"), "utf8")).toBe("built\n");
    expect(result.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: "tool_call",
          toolUseId: "c1",
          summary: { kind: "file_write", path: path.join(suite.sandbox.cwd, "notes.md"), content: "# Notes\n" },
        }),
        expect.objectContaining({
          type: "tool_call",
          toolUseId: "b1",
          summary: { kind: "command", command: "echo built > out.txt && cat out.txt", description: "Build" },
        }),
        expect.objectContaining({ type: "tool_result", toolUseId: "b1", isError: false, content: expect.stringContaining("built") }),
      ]),
    );

    const failed = await run({ kind: "new", sessionId: randomUUID() }, "FAILTEST");
    expect(failed.exit).toMatchObject({ ok: true, exitCode: 1 });
    expect(failed.outcome.result).toMatchObject({ isError: true, errorMessage: expect.stringContaining("FAILTEST") });
  });

  it("stops a hanging run with its whole process group within 5 s, leaving it interrupted", async () => {
    suite.api.setScript(() => ({ kind: "hang", text: "Thinking" }));
    // Whether or not Copilot printed a result after the abort, the run was interrupted.
    await expectCancelStopsGroup(
      (extra) => run({ kind: "new", sessionId: randomUUID() }, "never ends", extra),
      () => suite.api.requests.length > 0,
    );
  });
});
