import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { spawnAgentProcess } from "@/server/runner/agent-io/agent-process";
import { isToolResultTurn, lastUserText, startMessagesApi, type MessagesApi } from "@/test/support/messages-api";
import { liveGroupMembers } from "@/test/integration/agents/support/live-group-members";
import { createSandbox, planFor, runAgent, type Sandbox } from "@/test/integration/agents/support/run-agent";
import { waitFor } from "@/test/support/wait";

// Tools, cancellation and missing binaries with the real Claude Code CLI.

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

describe("Claude Code runs", () => {
  it("uses tools in its workspace under the default permission mode and comes back with the result", async () => {
    api.setScript((request) =>
      isToolResultTurn(request)
        ? { kind: "text", text: `Done: ${lastUserText(request)}` }
        : {
            kind: "tool_use",
            text: "Writing the file.",
            calls: [
              { id: "toolu_write", name: "Write", input: { file_path: path.join(sandbox.cwd, "notes.md"), content: "# Notes\n" } },
              { id: "toolu_bash", name: "Bash", input: { command: "mkdir -p out && echo built > out/result.txt && cat out/result.txt", description: "Build" } },
            ],
          },
    );
    const result = await runAgent("claude", { mode: { kind: "new", sessionId: randomUUID() }, prompt: "make notes" }, { cwd: sandbox.cwd, env: sandbox.env });
    expect(result.exit).toMatchObject({ ok: true, exitCode: 0 });
    expect(fs.readFileSync(path.join(sandbox.cwd, "notes.md"), "utf8")).toBe("# Notes\n");
    expect(fs.readFileSync(path.join(sandbox.cwd, "out/result.txt"), "utf8")).toBe("built\n");
    expect(result.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: "tool_call",
          toolUseId: "toolu_write",
          summary: { kind: "file_write", path: path.join(sandbox.cwd, "notes.md"), content: "# Notes\n" },
        }),
        expect.objectContaining({ type: "tool_call", toolUseId: "toolu_bash", summary: expect.objectContaining({ kind: "command" }) }),
        { type: "tool_result", toolUseId: "toolu_bash", content: "built", isError: false },
        expect.objectContaining({ type: "tool_result", toolUseId: "toolu_write", isError: false }),
      ]),
    );
    // Two model calls: the tool request, then the answer after the tool results.
    expect(api.requests).toHaveLength(2);
  });

  it("is denied (not stuck) when a tool reaches outside the workspace", async () => {
    const outside = path.join(path.dirname(sandbox.cwd), "outside.txt");
    api.setScript((request) =>
      isToolResultTurn(request)
        ? { kind: "text", text: "ok" }
        : { kind: "tool_use", calls: [{ id: "toolu_out", name: "Bash", input: { command: `touch ${outside}` } }] },
    );
    const result = await runAgent("claude", { mode: { kind: "new" }, prompt: "escape" }, { cwd: sandbox.cwd, env: sandbox.env });
    expect(result.exit).toMatchObject({ ok: true, exitCode: 0 });
    expect(fs.existsSync(outside)).toBe(false);
    expect(result.entries).toContainEqual(expect.objectContaining({ type: "tool_result", toolUseId: "toolu_out", isError: true }));
  });

  it("terminates a hanging run together with its process group", async () => {
    api.setScript(() => ({ kind: "hang", text: "Let me think" }));
    let pid: number | undefined;
    let terminate: ((graceMs: number) => Promise<unknown>) | undefined;
    const running = runAgent(
      "claude",
      { mode: { kind: "new", sessionId: randomUUID() }, prompt: "never ends" },
      {
        cwd: sandbox.cwd,
        env: sandbox.env,
        onStart: (agent) => {
          pid = agent.pid;
          terminate = (graceMs) => agent.terminate(graceMs);
        },
      },
    );
    await waitFor(() => api.requests.length > 0, "the model request");
    expect(liveGroupMembers(pid!)).toContain(pid);
    const started = Date.now();
    await terminate!(3_000);
    const result = await running;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.exit).toMatchObject({ ok: true });
    // Claude may exit on SIGTERM by itself (code 143 or the signal); either way the group is gone.
    expect(result.exit.ok && (result.exit.signal !== null || result.exit.exitCode !== 0)).toBe(true);
    await waitFor(() => liveGroupMembers(pid!).length === 0, "the process group to exit", 5_000);
  });

  it("reports a missing binary as agent_not_found, at planning and at spawn", async () => {
    const missing = path.join(sandbox.cwd, "no-claude-here");
    expect(await planFor("claude", { mode: { kind: "new" }, prompt: "x" }, { ...sandbox.env, CLAUDE_BIN: missing })).toMatchObject({
      ok: false,
      code: "agent_not_found",
    });
    // Removed between planning and spawning: the process wrapper says the same.
    const exit = await spawnAgentProcess({ argv: [missing, "-p", "x"], cwd: sandbox.cwd }).wait();
    expect(exit).toMatchObject({ ok: false, reason: "agent_not_found" });
  });
});

describe("command agent runs", () => {
  it("runs the configured program with the prompt last and shows its lines as text", async () => {
    // The command agent adds no "--" of its own: node needs one so that a
    // prompt starting with "-" is not read as a node option.
    const env = {
      ARBOR_COMMAND_BIN: process.execPath,
      ARBOR_COMMAND_ARGS: JSON.stringify(["-e", "const p = process.argv.at(-1); console.log('got: ' + p); console.log('cwd: ' + process.cwd())", "--"]),
    };
    const result = await runAgent("command", { mode: { kind: "new" }, prompt: "-rf hello" }, { cwd: sandbox.cwd, env });
    expect(result.exit).toEqual({ ok: true, exitCode: 0, signal: null });
    expect(result.entries).toEqual([
      { type: "text", text: "got: -rf hello" },
      { type: "text", text: `cwd: ${sandbox.cwd}` },
    ]);
    expect(result.outcome.sessionId).toBeNull();
  });
});
