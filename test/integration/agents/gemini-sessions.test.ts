import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { locateGeminiSession } from "@/server/agents/gemini/locate-gemini-session";
import { startGeminiApi } from "@/test/support/gemini-api";
import { conversation, isToolResultTurn, lastToolResults } from "@/test/support/stand-in/model-api";
import { geminiEnv } from "@/test/integration/agents/support/agent-envs";
import { expectCancelStopsGroup, expectCompleted as expectCompletedWith, useAgentSuite } from "@/test/integration/agents/support/agent-suite";
import type { AgentRun } from "@/test/integration/agents/support/run-agent";

// The real Gemini CLI (0.61.0), planned through the registry and run like the
// runner runs it, against the Gemini-API stand-in.

jest.setTimeout(90_000);

const suite = useAgentSuite(
  "gemini",
  () => startGeminiApi(),
  (api, { root }) => geminiEnv(api, root),
);
const run = suite.run;
const expectCompleted = (result: AgentRun) => expectCompletedWith(result, /^(Warning: 256-color|Ripgrep is not available|\[STARTUP\] )/);

const home = () => path.join(suite.sandbox.homeRoot, "gemini");
const lastConversation = () => conversation(suite.api.requests[suite.api.requests.length - 1]);
const hash = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

describe("Gemini CLI sessions", () => {
  it("names a session, continues it, forks it by import; usage is per run", async () => {
    const id = randomUUID();
    const first = await run({ kind: "new", sessionId: id }, "Hello Gemini");
    expectCompleted(first);
    expect(first.lines[0].event.kind).toBe("init");
    expect(first.outcome).toMatchObject({ sessionId: id, sessionConfirmed: true });
    expect(first.outcome.result!.usage).toEqual({ inputTokens: 11, outputTokens: 7 });
    expect(first.entries).toContainEqual({ type: "user_message", text: "Hello Gemini" });
    expect(
      first.entries
        .filter((e) => e.type === "assistant_text")
        .map((e) => (e.type === "assistant_text" ? e.text : ""))
        .join(""),
    ).toBe("Echo: Hello Gemini");
    // Its own home, with the auth Arbor set: nothing under ~.
    expect(JSON.parse(fs.readFileSync(path.join(home(), ".gemini/settings.json"), "utf8"))).toMatchObject({
      security: { auth: { selectedType: "gemini-api-key" } },
    });

    const second = await run({ kind: "continue", sessionId: id }, "-x second turn");
    expectCompleted(second);
    expect(second.outcome).toMatchObject({ sessionId: id, result: { usage: { inputTokens: 11, outputTokens: 7 } } });
    expect(lastConversation()).toEqual([
      { role: "user", text: "Hello Gemini" },
      { role: "assistant", text: "Echo: Hello Gemini" },
      { role: "user", text: "-x second turn" },
    ]);

    const transcript = (await locateGeminiSession(id, { homeDir: home() }))!;
    const before = hash(transcript);
    // What the CLI leaves when a Continue starts in a later minute than its session's chat: a
    // header-only chat of the same session, named by that minute. With the CLI's session
    // clean-up on (its default), the fork's start deleted every chat of that short id.
    const header = fs.readFileSync(transcript, "utf8").split("\n")[0];
    fs.writeFileSync(path.join(path.dirname(transcript), `session-2020-01-01T00-00-${id.slice(0, 8)}.jsonl`), `${header}\n`);
    const fork = await run({ kind: "fork", fromSessionId: id }, "branch B");
    expectCompleted(fork);
    expect(fork.plan.argv).toEqual(expect.arrayContaining(["--session-file", transcript]));
    expect(fork.outcome.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(fork.outcome.sessionId).not.toBe(id);
    expect(lastConversation().map((m) => m.text)).toEqual(["Hello Gemini", "Echo: Hello Gemini", "-x second turn", "Echo: -x second turn", "branch B"]);
    expect(hash(transcript)).toBe(before);
  });

  it("reports unknown sessions, sessions of another folder, and ids in use", async () => {
    const unknown = await run({ kind: "continue", sessionId: randomUUID() }, "anyone?");
    expect(unknown.exit).toMatchObject({ ok: true, exitCode: 42 });
    expect(unknown.outcome).toMatchObject({ sessionId: null, sessionNotFound: true });

    const id = randomUUID();
    expectCompleted(await run({ kind: "new", sessionId: id }, "made here"));
    const elsewhere = await run({ kind: "continue", sessionId: id }, "from elsewhere", { cwd: suite.sandbox.newWorkspace() });
    expect(elsewhere.outcome).toMatchObject({ sessionId: null, sessionNotFound: true });
    const again = await run({ kind: "new", sessionId: id }, "same id");
    expect(again.outcome).toMatchObject({ sessionId: null, sessionIdInUse: true });
    expect(suite.api.requests).toHaveLength(1);
  });

  it("edits files under auto_edit (no shell offered), shown as tool calls with results", async () => {
    suite.api.setScript((request) => {
      if (!isToolResultTurn(request)) {
        return { kind: "tool_use", text: "Writing.", calls: [{ id: "w1", name: "write_file", input: { file_path: "notes.md", content: "# Notes\n" } }] };
      }
      if (lastToolResults(request)[0].toolCallId === "w1") {
        return {
          kind: "tool_use",
          calls: [{ id: "r1", name: "replace", input: { file_path: "notes.md", old_string: "# Notes", new_string: "# Better notes", instruction: "rename" } }],
        };
      }
      return { kind: "text", text: "Done." };
    });
    const result = await run({ kind: "new" }, "write notes");
    expectCompleted(result);
    expect(suite.api.requests[0].tools).toEqual(expect.arrayContaining(["write_file", "replace"]));
    expect(suite.api.requests[0].tools).not.toContain("run_shell_command");
    expect(fs.readFileSync(path.join(suite.sandbox.cwd, "notes.md"), "utf8")).toBe("# Better notes\n");
    expect(result.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "tool_call", tool: "write_file", summary: { kind: "file_write", path: "notes.md", content: "# Notes\n" } }),
        expect.objectContaining({ type: "tool_call", tool: "replace", summary: expect.objectContaining({ kind: "file_edit" }) }),
        expect.objectContaining({ type: "tool_result", isError: false }),
      ]),
    );
  });

  it("fails a turn on an API error, in the result line", async () => {
    const result = await run({ kind: "new" }, "FAILTEST");
    expect(result.outcome.result).toMatchObject({ isError: true, errorMessage: expect.stringContaining("FAILTEST") });
    expect(result.exit).toMatchObject({ ok: true, exitCode: 144 });
  });

  it("stops a hanging run with its whole group (it relaunches itself) within 5 s; exit 0 without a result is interrupted", async () => {
    suite.api.setScript(() => ({ kind: "hang", text: "Thinking" }));
    await expectCancelStopsGroup(
      (extra) => run({ kind: "new", sessionId: randomUUID() }, "never ends", extra),
      () => suite.api.requests.length > 0,
      { relaunches: true },
    );
  });
});
