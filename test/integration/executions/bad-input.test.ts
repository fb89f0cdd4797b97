import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { resetDb } from "@/test/support/db";
import { expectError, send } from "@/test/support/api";
import { api } from "@/test/support/executions-api";
import { createHarness, type Harness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";

// Requests the API must refuse, each with the right status and a message a
// person can act on, and without creating or queueing anything. No runner is
// needed: nothing here may reach one.

jest.setTimeout(30_000);

let h: Harness;
let issueId: string;
beforeAll(async () => {
  await resetDb();
  h = await createHarness();
  issueId = (await makeIssue()).id;
});
afterAll(async () => {
  await h?.close();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});
afterEach(async () => {
  // Only the executions a test made on purpose exist; no refused request left a job behind.
  const jobs = await prisma.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM graphile_worker.jobs`);
  expect(jobs).toHaveLength(0);
});

const { createRoute, continueRoute, forkRoute, getRoute, cancelRoute, eventsRoute, startFreshRoute, sessionTreeRoute } = api.routes;

describe("POST /api/executions", () => {
  it("400 for a body that is not JSON", async () => {
    const response = await send(createRoute, { rawBody: '{"issueId": "ISSUE-1", "prompt": ' });
    expect(response.status).toBe(400);
    expect(expectError(response)).toMatchObject({ code: "bad_request", message: expect.stringMatching(/not valid JSON/) });
  });

  it("422 with a readable message for a missing or blank prompt", async () => {
    for (const body of [{ issueId }, { issueId, prompt: "   " }]) {
      const response = await api.create(body);
      expect(response.status).toBe(422);
      const error = expectError(response);
      expect(error).toMatchObject({ code: "validation_failed", message: "prompt: Prompt is required" });
      expect(error.details).toMatchObject({ fieldErrors: { prompt: ["Prompt is required"] } });
    }
  });

  it("422 for an issue that does not exist (well-formed or not)", async () => {
    const missing = await api.create({ issueId: "ISSUE-987654", prompt: "hi" });
    expect(missing.status).toBe(422);
    expect(expectError(missing)).toMatchObject({
      code: "validation_failed",
      message: "issueId: Issue ISSUE-987654 not found",
      details: { fieldErrors: { issueId: ["Issue ISSUE-987654 not found"] } },
    });
    const garbled = await api.create({ issueId: "no such thing", prompt: "hi" });
    expect(garbled.status).toBe(422);
    expect(expectError(garbled).message).toMatch(/^issueId: Issue "no such thing" not found/);
  });

  it("422 for an unknown agent, naming the known ones", async () => {
    const response = await api.create({ issueId, prompt: "hi", agent: "gpt-9" });
    expect(response.status).toBe(422);
    const error = expectError(response);
    expect(error.code).toBe("validation_failed");
    expect(error.message).toMatch(/unknown agent "gpt-9".*claude/);
    expect(error.details).toMatchObject({ fieldErrors: { agent: [expect.any(String)] } });
  });

  it("400 for a cwd outside ARBOR_WORKSPACE_ROOTS, however it is spelled", async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-outside-"));
    const escapeDir = path.join(h.tmp, "escape");
    fs.symlinkSync(outside, path.join(h.workspace, "link-out"));
    fs.mkdirSync(escapeDir);
    try {
      for (const cwd of [outside, "/", "../escape", "link-out"]) {
        const response = await api.create({ issueId, prompt: "hi", cwd });
        expect({ cwd, status: response.status }).toEqual({ cwd, status: 400 });
        expect(expectError(response).message).toMatch(/outside the allowed workspace roots.*ARBOR_WORKSPACE_ROOTS/);
      }
      const missing = await api.create({ issueId, prompt: "hi", cwd: "does/not/exist" });
      expect(missing.status).toBe(400);
      expect(expectError(missing).message).toMatch(/does not exist/);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  afterAll(async () => {
    expect(await prisma.execution.count()).toBe(0);
  });
});

describe("unknown executions", () => {
  const ids = [randomUUID(), "not-a-uuid", "'; DROP TABLE executions; --"];

  it("404 on every execution route, for unknown and malformed ids", async () => {
    for (const id of ids) {
      const calls = [
        send(getRoute, { id }),
        send(eventsRoute, { id, headers: { accept: "application/json" } }),
        send(eventsRoute, { id }),
        send(cancelRoute, { id, method: "POST" }),
        send(continueRoute, { id, body: { prompt: "x" } }),
        send(forkRoute, { id, body: { prompt: "x" } }),
        send(startFreshRoute, { id, method: "POST" }),
      ];
      for (const response of await Promise.all(calls)) {
        expect({ id, status: response.status }).toEqual({ id, status: 404 });
        expect(expectError(response)).toMatchObject({ code: "not_found", message: expect.stringContaining("not found") });
      }
    }
  });

  it("404 for the session tree of an unknown issue", async () => {
    const response = await send(sessionTreeRoute, { id: "ISSUE-987654" });
    expect(response.status).toBe(404);
  });
});

describe("Continue and Fork when the session's runner is gone", () => {
  async function executionOnRunner(runner: { id: string; heartbeatAt: Date; stoppedAt: Date | null }) {
    await prisma.runner.create({ data: { ...runner, hostname: "old-box", pid: 999_999, startedAt: new Date(Date.now() - 3_600_000) } });
    const sessionId = randomUUID();
    const at = new Date(Date.now() - 1_800_000);
    return prisma.execution.create({
      data: {
        id: randomUUID(),
        issueId,
        agent: "claude",
        prompt: "made earlier",
        cwd: h.workspace,
        status: "completed",
        targetSessionId: sessionId,
        sessionId,
        sessionConfirmed: true,
        runnerId: runner.id,
        createdAt: at,
        startedAt: at,
        finishedAt: at,
      },
    });
  }

  it("409 saying the runner is offline (stale heartbeat, or stopped)", async () => {
    const stale = await executionOnRunner({ id: "silent-runner", heartbeatAt: new Date(Date.now() - 600_000), stoppedAt: null });
    const stopped = await executionOnRunner({ id: "stopped-runner", heartbeatAt: new Date(), stoppedAt: new Date() });
    for (const [execution, runnerId] of [
      [stale, "silent-runner"],
      [stopped, "stopped-runner"],
    ] as const) {
      for (const attempt of [() => api.continue(execution.id, "more"), () => api.fork(execution.id, "other way")]) {
        const response = await attempt();
        expect(response.status).toBe(409);
        const error = expectError(response);
        expect(error.code).toBe("conflict");
        expect(error.message).toContain(`runner ${runnerId} (old-box), which is offline`);
        expect(error.message).toMatch(/ask for a fresh session \(it carries Arbor's transcript of the conversation, on any runner\)/);
        expect(error.details).toMatchObject({ reason: "runner_unavailable", runnerId, canStartFresh: true, canForceFresh: true });
      }
    }
    expect(await prisma.execution.count()).toBe(2);
  });

  it("400 for follow-ups that are not JSON, 422 without a prompt", async () => {
    const execution = await prisma.execution.findFirstOrThrow();
    expect((await send(continueRoute, { id: execution.id, rawBody: "prompt=hi" })).status).toBe(400);
    expect((await send(forkRoute, { id: execution.id, rawBody: "" })).status).toBe(400);
    const noPrompt = await send(continueRoute, { id: execution.id, body: {} });
    expect(noPrompt.status).toBe(422);
    expect(expectError(noPrompt).message).toBe("prompt: Prompt is required");
    expect((await send(startFreshRoute, { id: execution.id, rawBody: "{oops" })).status).toBe(400);
  });
});
