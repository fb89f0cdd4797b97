import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { prisma } from "@/server/db";
import type { RunnerHandle } from "@/server/runner/process/run-runner";
import { codexEnv } from "@/test/integration/agents/support/agent-envs";
import { api, waitForEnd } from "@/test/support/executions-api";
import { type Harness, useHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { startResponsesApi } from "@/test/support/responses-api";
import { conversation, type ModelApi } from "@/test/support/stand-in/model-api";
import { waitFor } from "@/test/support/wait";
import { gitProject } from "@/test/support/worktree-runs";

// Issue 24 with the real Codex CLI: its rollout (under the CODEX_HOME Arbor
// gives it, in the runner's data directory) is stored after the turn; machine
// A is stopped and its data directory wiped; a Continue goes to machine B,
// which restores the rollout into its own Codex home and resumes the thread
// natively (same id, the model sees the first turn).

jest.setTimeout(120_000);

let h: Harness;
let codexApi: ModelApi;
const runners: RunnerHandle[] = [];
const dataDir = (id: string) => path.join(h.tmp, `codex-${id}`);

const harness = useHarness();
beforeAll(async () => {
  h = harness.h;
  codexApi = await startResponsesApi();
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await codexApi?.close();
});

const start = async (id: string) => {
  const runner = await h.startRunner({ runnerId: id, env: { ...codexEnv(codexApi), ARBOR_DATA_DIR: dataDir(id) } });
  runners.push(runner);
  return runner;
};

test("a Codex thread whose machine is gone goes on natively on another", async () => {
  const project = await gitProject(h.projects, "codex-travel");
  const issueId = (await makeIssue({ projectId: project.id })).id;
  const a = await start("codex-a");
  const first = await waitForEnd((await api.create({ issueId, prompt: "remember the word heliotrope", agent: "codex" })).body.id, 90_000);
  expect(first).toMatchObject({ status: "completed", runnerId: "codex-a" });
  const threadId = first.sessionId!;
  await waitFor(
    async () => ((await prisma.sessionState.count({ where: { agentSessionId: threadId, agent: "codex" } })) > 0 ? true : undefined),
    "Codex's rollout stored",
  );

  await a.stop();
  rmSync(dataDir("codex-a"), { recursive: true, force: true });
  await start("codex-b");
  const cont = await api.continue(first.id, "which word was it?");
  expect(cont.status).toBe(201);
  const resumed = await waitForEnd(cont.body.id, 90_000);
  expect(resumed).toMatchObject({
    status: "completed",
    runnerId: "codex-b",
    sessionId: threadId,
    resume: { decision: "resume" },
    stateRestore: { files: 1, fromRunnerId: "codex-a" },
  });
  // Restored into B's own Codex home, and the model saw the first turn.
  expect(existsSync(path.join(dataDir("codex-b"), "agent-homes", "codex", "sessions"))).toBe(true);
  const seen = conversation(codexApi.requests.at(-1)!).map((m) => m.text);
  expect(seen).toContain("remember the word heliotrope");
  expect(seen.at(-1)).toBe("which word was it?");
});
