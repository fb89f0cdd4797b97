import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getAgentDefinition } from "@/server/agents/registry";
import { startChatCompletionsApi } from "@/test/support/chat-completions-api";
import { startGeminiApi } from "@/test/support/gemini-api";
import { startResponsesApi } from "@/test/support/responses-api";
import { conversation, type ModelApi } from "@/test/support/stand-in/model-api";
import { codexEnv, geminiEnv, qwenEnv } from "@/test/integration/agents/support/agent-envs";
import { expectCompleted, useAgentSuite } from "@/test/integration/agents/support/agent-suite";
import { moveSession, otherMachine, runOn, wipe, type Machine } from "@/test/integration/agents/support/move-session";

// Issue 24: a session's state moves to another machine. Each real CLI runs a
// first turn with home A in workspace A; the files its sessionState finds are
// copied to home B where restoreAs says, A (home and workspace) is deleted,
// and the same session resumes with home B in workspace B, with its history.

jest.setTimeout(120_000);

const lastConversation = (api: ModelApi) => conversation(api.requests[api.requests.length - 1]);

describe("Codex: a thread moves with its rollout", () => {
  const suite = useAgentSuite("codex", () => startResponsesApi(), codexEnv);
  const codexNoise = /^(WARNING: proceeding|Reading additional input)/;
  const machineA = (): Machine => ({ homeRoot: suite.sandbox.homeRoot, cwd: suite.sandbox.cwd });

  it("resumes in a fresh home and another workspace", async () => {
    const a = machineA();
    const first = await runOn("codex", suite.sandbox, a, { kind: "new" }, "Hello Codex");
    expectCompleted(first, codexNoise);
    const id = first.outcome.sessionId!;

    const b = otherMachine(suite.sandbox, "b");
    const files = await moveSession("codex", suite.sandbox, id, a, b);
    expect(files).toEqual([expect.stringMatching(new RegExp(`^sessions/\\d{4}/\\d{2}/\\d{2}/rollout-[^/]+-${id}\\.jsonl$`))]);
    wipe(a);

    const second = await runOn("codex", suite.sandbox, b, { kind: "continue", sessionId: id }, "second turn");
    expectCompleted(second, codexNoise);
    expect(second.outcome).toMatchObject({ sessionId: id, announced: [id] });
    expect(lastConversation(suite.api)).toEqual([
      { role: "user", text: "Hello Codex" },
      { role: "assistant", text: "Echo: Hello Codex" },
      { role: "user", text: "second turn" },
    ]);
    // The turn runs in workspace B: Codex tells the model the new cwd and sandboxes writes to it.
    expect(JSON.stringify(suite.api.requests.at(-1)!.body)).toContain(`<cwd>${b.cwd}</cwd>`);
  });

  it("moves a fork with its parent's rollout, into a home that already holds other threads", async () => {
    const a = machineA();
    const parent = await runOn("codex", suite.sandbox, a, { kind: "new" }, "Hello Codex");
    const parentId = parent.outcome.sessionId!;
    const fork = await runOn("codex", suite.sandbox, a, { kind: "fork", fromSessionId: parentId }, "branch B");
    expectCompleted(fork, codexNoise);
    const forkId = fork.outcome.sessionId!;

    // Machine B has run Codex before: its state databases exist and know nothing of these threads.
    const b = otherMachine(suite.sandbox, "b");
    expectCompleted(await runOn("codex", suite.sandbox, b, { kind: "new" }, "unrelated"), codexNoise);
    const files = await moveSession("codex", suite.sandbox, forkId, a, b);
    expect(files).toEqual([expect.stringMatching(new RegExp(`-${forkId}\\.jsonl$`)), expect.stringMatching(new RegExp(`-${parentId}\\.jsonl$`))]);
    wipe(a);

    const next = await runOn("codex", suite.sandbox, b, { kind: "continue", sessionId: forkId }, "on B");
    expectCompleted(next, codexNoise);
    expect(next.outcome).toMatchObject({ sessionId: forkId, announced: [forkId] });
    expect(lastConversation(suite.api).map((m) => m.text)).toEqual(["Hello Codex", "Echo: Hello Codex", "branch B", "Echo: branch B", "on B"]);
  });
});

describe("Gemini CLI: a session moves with its chat, re-filed under the new cwd's project", () => {
  const suite = useAgentSuite(
    "gemini",
    () => startGeminiApi(),
    (api, { root }) => geminiEnv(api, root),
  );
  const geminiNoise = /^(Warning: 256-color|Ripgrep is not available|\[STARTUP\] )/;
  const machineA = (): Machine => ({ homeRoot: suite.sandbox.homeRoot, cwd: suite.sandbox.cwd });

  async function firstTurn(a: Machine): Promise<string> {
    const id = randomUUID();
    expectCompleted(await runOn("gemini", suite.sandbox, a, { kind: "new", sessionId: id }, "Hello Gemini"), geminiNoise);
    return id;
  }

  it("resumes in a fresh home and another workspace", async () => {
    const a = machineA();
    const id = await firstTurn(a);
    const b = otherMachine(suite.sandbox, "b");
    const files = await moveSession("gemini", suite.sandbox, id, a, b);
    expect(files).toEqual([expect.stringMatching(new RegExp(`^tmp/workspace-1/chats/session-[^/]+-${id.slice(0, 8)}\\.jsonl$`))]);
    wipe(a);

    const second = await runOn("gemini", suite.sandbox, b, { kind: "continue", sessionId: id }, "second turn");
    expectCompleted(second, geminiNoise);
    expect(second.outcome.sessionId).toBe(id);
    expect(lastConversation(suite.api)).toEqual([
      { role: "user", text: "Hello Gemini" },
      { role: "assistant", text: "Echo: Hello Gemini" },
      { role: "user", text: "second turn" },
    ]);
  });

  it("comes back to the first machine and workspace over the older copy there", async () => {
    const a = machineA();
    const id = await firstTurn(a);
    const b = otherMachine(suite.sandbox, "b");
    await moveSession("gemini", suite.sandbox, id, a, b);
    expectCompleted(await runOn("gemini", suite.sandbox, b, { kind: "continue", sessionId: id }, "second turn"), geminiNoise);

    // A's project folder already holds the session as the first turn left it: the restore must replace it.
    expect(await moveSession("gemini", suite.sandbox, id, b, a)).toEqual([expect.stringMatching(/^tmp\/workspace-2\/chats\//)]);
    wipe(b);
    const third = await runOn("gemini", suite.sandbox, a, { kind: "continue", sessionId: id }, "third turn");
    expectCompleted(third, geminiNoise);
    expect(third.outcome.sessionId).toBe(id);
    expect(lastConversation(suite.api).map((m) => m.text)).toEqual(["Hello Gemini", "Echo: Hello Gemini", "second turn", "Echo: second turn", "third turn"]);
  });
});

describe("Qwen Code: no session state (a chat moved as is does not resume in another cwd)", () => {
  const suite = useAgentSuite("qwen", () => startChatCompletionsApi(), qwenEnv);
  const projectDir = (machine: Machine) => path.join(machine.homeRoot, "qwen", "projects", machine.cwd.replace(/[^a-zA-Z0-9]/g, "-"));

  it("is refused where its first record's cwd is not the current one", async () => {
    expect(getAgentDefinition("qwen")!.sessionState).toBeUndefined();
    const a: Machine = { homeRoot: suite.sandbox.homeRoot, cwd: suite.sandbox.cwd };
    const id = randomUUID();
    expectCompleted(await runOn("qwen", suite.sandbox, a, { kind: "new", sessionId: id }, "Hello Qwen"), /^Ripgrep not available/);
    const b = otherMachine(suite.sandbox, "b");
    // Filed where Qwen looks for the new cwd, content untouched.
    fs.mkdirSync(path.join(projectDir(b), "chats"), { recursive: true });
    fs.copyFileSync(path.join(projectDir(a), "chats", `${id}.jsonl`), path.join(projectDir(b), "chats", `${id}.jsonl`));
    wipe(a);
    const resumed = await runOn("qwen", suite.sandbox, b, { kind: "continue", sessionId: id }, "on B");
    expect(resumed.outcome).toMatchObject({ sessionId: null, sessionNotFound: true });
    expect(resumed.stderr).toContain(`No saved session found with ID ${id}`);
  });
});
