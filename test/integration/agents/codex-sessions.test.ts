import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { configureAgentRegistry } from "@/server/agents/registry";
import { turnUsage } from "@/server/agents/session-report";
import { startResponsesApi } from "@/test/support/responses-api";
import { conversation, isToolResultTurn, lastToolResults } from "@/test/support/stand-in/model-api";
import { codexEnv } from "@/test/integration/agents/support/agent-envs";
import { expectCancelStopsGroup, expectCompleted as expectCompletedWith, useAgentSuite } from "@/test/integration/agents/support/agent-suite";
import { planFor, type AgentRun } from "@/test/integration/agents/support/run-agent";

// The real Codex CLI (0.169.0), planned through the registry and run like the
// runner runs it, against the Responses-API stand-in.

jest.setTimeout(60_000);

const suite = useAgentSuite(
  "codex",
  () => startResponsesApi(),
  (api) => codexEnv(api),
);
const run = suite.run;
const expectCompleted = (result: AgentRun) => expectCompletedWith(result, /^(WARNING: proceeding|Reading additional input)/);

const lastConversation = () => conversation(suite.api.requests[suite.api.requests.length - 1]);
const rollouts = () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else files.push(path.join(dir, e.name));
    }
  };
  walk(path.join(suite.sandbox.homeRoot, "codex", "sessions"));
  return files;
};
const rolloutOf = (threadId: string) => rollouts().find((file) => file.endsWith(`${threadId}.jsonl`))!;
const hash = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

describe("Codex sessions", () => {
  it("starts a thread whose id the first line reports, in Codex's own home; usage is per turn after subtraction", async () => {
    const first = await run({ kind: "new" }, "Hello Codex");
    expectCompleted(first);
    const id = first.outcome.sessionId!;
    expect(first.lines[0].event.kind).toBe("thread_started");
    expect(first.outcome).toMatchObject({ sessionConfirmed: true, announced: [id] });
    expect(first.entries).toContainEqual({ type: "assistant_text", text: "Echo: Hello Codex" });
    expect(rolloutOf(id)).toBeDefined();
    expect(suite.api.requests[0].headers["thread-id"]).toBe(id);

    // Continue: same thread, the whole history sent, and the reported total grows.
    const second = await run({ kind: "continue", sessionId: id }, "-x second turn");
    expectCompleted(second);
    expect(second.outcome.sessionId).toBe(id);
    expect(lastConversation()).toEqual([
      { role: "user", text: "Hello Codex" },
      { role: "assistant", text: "Echo: Hello Codex" },
      { role: "user", text: "-x second turn" },
    ]);
    const firstUsage = turnUsage("session-total", first.outcome.result!.usage, null);
    const secondUsage = turnUsage("session-total", second.outcome.result!.usage, firstUsage.sessionTotal);
    expect(second.outcome.result!.usage).toEqual({ inputTokens: 22, outputTokens: 14 });
    expect([firstUsage.turn, secondUsage.turn]).toEqual([
      { inputTokens: 11, outputTokens: 7 },
      { inputTokens: 11, outputTokens: 7 },
    ]);

    // Fork: a new thread with the history, the parent's rollout untouched.
    const parentBefore = hash(rolloutOf(id));
    const fork = await run({ kind: "fork", fromSessionId: id }, "branch B");
    expectCompleted(fork);
    expect(fork.outcome.sessionId).not.toBe(id);
    expect(fork.outcome.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lastConversation().map((m) => m.text)).toEqual(["Hello Codex", "Echo: Hello Codex", "-x second turn", "Echo: -x second turn", "branch B"]);
    expect(hash(rolloutOf(id))).toBe(parentBefore);
    expect(turnUsage("session-total", fork.outcome.result!.usage, secondUsage.sessionTotal).turn).toEqual({ inputTokens: 11, outputTokens: 7 });

    // The parent goes on without the fork's turn.
    expectCompleted(await run({ kind: "continue", sessionId: id }, "back on A"));
    expect(lastConversation().map((m) => m.text)).not.toContain("branch B");
  });

  it("reports an unknown thread as not found, for Continue and for Fork", async () => {
    const unknown = "01a205f0-0000-7000-8000-000000000000";
    for (const mode of [
      { kind: "continue" as const, sessionId: unknown },
      { kind: "fork" as const, fromSessionId: unknown },
    ]) {
      const result = await run(mode, "anyone there?");
      expect(result.exit).toMatchObject({ ok: true, exitCode: 1 });
      expect(result.lines).toEqual([]);
      expect(result.outcome).toMatchObject({ sessionId: null, sessionNotFound: true });
    }
    expect(suite.api.requests).toHaveLength(0);
  });

  it("refuses a non-UUID id, and treats the new thread Codex silently starts for one as session-not-found", async () => {
    expect(
      await planFor("codex", { mode: { kind: "continue", sessionId: "my-thread" }, prompt: "x" }, suite.sandbox.env, { homeRoot: suite.sandbox.homeRoot }),
    ).toMatchObject({
      ok: false,
      code: "invalid_launch",
    });
    // What the CLI does with one anyway (the builder's argv, with the name swapped in):
    const requested = "01a205f0-0000-7000-8000-000000000001";
    const result = await run({ kind: "continue", sessionId: requested }, "x", {
      rewriteArgv: (argv) => argv.map((arg) => (arg === requested ? "my-thread" : arg)),
    });
    expect(result.exit).toMatchObject({ ok: true, exitCode: 0 });
    expect(result.outcome.announced).toHaveLength(1);
    expect(result.outcome).toMatchObject({ resumedElsewhere: true, sessionNotFound: true, sessionId: null });
  });

  it("runs commands and applies patches in its workspace, shown as tool calls with results", async () => {
    // gpt-5.5 is a model Codex knows, so it offers apply_patch; the agents file passes -m.
    const agentsFile = path.join(suite.sandbox.homeRoot, "..", "agents.json");
    fs.writeFileSync(agentsFile, JSON.stringify({ agents: { codex: { args: ["-m", "gpt-5.5"] } } }));
    configureAgentRegistry({ agentsFile });
    suite.api.setScript((request) => {
      if (isToolResultTurn(request)) return { kind: "text", text: `Done: ${lastToolResults(request).length} result(s)` };
      if (request.messages.at(-1)?.text.includes("patch")) {
        return {
          kind: "tool_use",
          calls: [{ id: "call_patch", name: "apply_patch", input: "*** Begin Patch\n*** Add File: notes.md\n+# Notes\n*** End Patch\n" }],
        };
      }
      return {
        kind: "tool_use",
        text: "Building.",
        calls: [{ id: "call_cmd", name: "exec_command", input: { cmd: "mkdir -p out && echo built > out/result.txt && cat out/result.txt" } }],
      };
    });
    const commands = await run({ kind: "new" }, "build it");
    expectCompleted(commands);
    expect(commands.plan.argv).toEqual(expect.arrayContaining(["-m", "gpt-5.5"]));
    expect(fs.readFileSync(path.join(suite.sandbox.cwd, "out/result.txt"), "utf8")).toBe("built\n");
    expect(commands.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: "tool_call",
          tool: "command_execution",
          summary: expect.objectContaining({ kind: "command", command: expect.stringContaining("echo built") }),
        }),
        expect.objectContaining({ type: "tool_result", isError: false, content: expect.stringContaining("built") }),
        { type: "assistant_text", text: "Done: 1 result(s)" },
      ]),
    );
    const patch = await run({ kind: "continue", sessionId: commands.outcome.sessionId! }, "now patch");
    expectCompleted(patch);
    expect(fs.readFileSync(path.join(suite.sandbox.cwd, "notes.md"), "utf8")).toBe("# Notes\n");
    expect(patch.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: "tool_call",
          tool: "file_change",
          summary: { kind: "other", text: `add ${path.join(suite.sandbox.cwd, "notes.md")}` },
        }),
        expect.objectContaining({ type: "tool_result", isError: false }),
      ]),
    );
  });

  it("fails a turn on turn.failed only, with the provider's message", async () => {
    const result = await run({ kind: "new" }, "FAILTEST please");
    expect(result.exit).toMatchObject({ ok: true, exitCode: 1 });
    expect(result.outcome.result).toMatchObject({ isError: true, errorMessage: expect.stringContaining("FAILTEST") });
    // The thread exists even though the turn failed.
    expect(result.outcome.sessionId).toEqual(expect.any(String));
    expect(result.entries).toContainEqual(expect.objectContaining({ type: "error", severity: "warning" }));
  });

  it("stops a hanging run with its whole process group within 5 s, leaving it interrupted", async () => {
    suite.api.setScript(() => ({ kind: "hang", text: "Thinking" }));
    const result = await expectCancelStopsGroup(
      (extra) => run({ kind: "new" }, "never ends", extra),
      () => suite.api.requests.length > 0,
    );
    expect(result.outcome.sessionId).toEqual(expect.any(String));
  });
});
