import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { prisma } from "@/server/db";
import { expectError } from "@/test/support/api";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { historyText, transcriptPath } from "@/test/support/turn-script";

// When the agent no longer has a session (transcript expired or deleted), a
// Continue or Fork fails with session_not_found, never silently starts a new
// session, and never records the id the CLI made up for the failed attempt.
// The way out is Start fresh: same prompt, new session, linked to the failure.

jest.setTimeout(60_000);

const suite = useRunningHarness();

async function resultLineOf(executionId: string): Promise<Record<string, unknown> | undefined> {
  const row = await prisma.executionEvent.findFirst({ where: { executionId, kind: "result" } });
  return row?.payload as Record<string, unknown> | undefined;
}

/** The executions that recorded this session id. */
async function recordedBy(sessionId: string): Promise<string[]> {
  const rows = await prisma.execution.findMany({ where: { sessionId }, select: { id: true } });
  return rows.map((r) => r.id);
}

test("Continue after the transcript was deleted fails with session_not_found; Start fresh recovers", async () => {
  const issueId = (await makeIssue()).id;
  const first = await waitForEnd((await api.create({ issueId, prompt: "remember whiskey" })).body.id);
  expect(first.status).toBe("completed");
  const transcript = transcriptPath(suite.h.env.CLAUDE_CONFIG_DIR!, first.cwd, first.sessionId!);
  expect(fs.existsSync(transcript)).toBe(true);
  fs.rmSync(transcript);

  const cont = await api.continue(first.id, "are you there xray");
  expect(cont.status).toBe(201);
  const failed = await waitForEnd(cont.body.id);
  expect(failed).toMatchObject({ status: "failed", sessionId: null, sessionConfirmed: false });
  expect(failed.error).toEqual({ code: "session_not_found", message: expect.stringMatching(/start fresh/i) });
  // The CLI's result line names a session that does not exist; it is not recorded.
  const result = await resultLineOf(failed.id);
  expect(result).toMatchObject({ is_error: true, num_turns: 0, session_id: expect.any(String) });
  const reported = result!.session_id as string;
  expect(await recordedBy(reported)).toEqual(reported === first.sessionId ? [first.id] : []);
  expect(suite.standIn.requestsFor("are you there xray")).toHaveLength(0);

  for (const attempt of [() => api.continue(failed.id, "again?"), () => api.fork(failed.id, "branch?")]) {
    const refused = await attempt();
    expect(refused.status).toBe(409);
    const error = expectError(refused);
    expect(error.code).toBe("conflict");
    expect(error.message).toMatch(/start fresh/i);
    expect(error.details).toMatchObject({ reason: "session_not_found", canStartFresh: true });
  }

  const fresh = await api.startFresh(failed.id);
  expect(fresh.status).toBe(201);
  expect(fresh.body).toMatchObject({ status: "queued", restartedFromExecutionId: failed.id, prompt: "are you there xray", issueId, parentExecutionId: null, forkedFromExecutionId: null });
  const restarted = await waitForEnd(fresh.body.id);
  expect(restarted).toMatchObject({ status: "completed", error: null, sessionConfirmed: true });
  expect([first.sessionId, null]).not.toContain(restarted.sessionId);
  const history = historyText(suite.standIn.requestFor("are you there xray"));
  expect(history).toContain("user: are you there xray");
  expect(history).not.toContain("whiskey");
});

test("a Fork of an execution whose session never existed fails the same way, keeping none of the made-up ids", async () => {
  const issueId = (await makeIssue()).id;
  const ghostSession = randomUUID();
  const now = new Date();
  const ghost = await prisma.execution.create({
    data: {
      id: randomUUID(),
      issueId,
      agent: "claude",
      prompt: "from another machine yankee",
      cwd: fs.realpathSync(suite.h.workspace),
      status: "completed",
      targetSessionId: ghostSession,
      sessionId: ghostSession,
      sessionConfirmed: true,
      runnerId: "test-runner",
      createdAt: now,
      startedAt: now,
      finishedAt: now,
    },
  });

  const forked = await api.fork(ghost.id, "branch zulu");
  expect(forked.status).toBe(201);
  const failed = await waitForEnd(forked.body.id);
  expect(failed).toMatchObject({ status: "failed", sessionId: null, sessionConfirmed: false, forkedFromExecutionId: ghost.id });
  expect(failed.error?.code).toBe("session_not_found");
  // Here the CLI's result line names the would-be fork id, which never came to exist.
  const result = await resultLineOf(failed.id);
  expect(result).toMatchObject({ is_error: true, session_id: expect.any(String) });
  const reported = result!.session_id as string;
  expect(await recordedBy(reported)).toEqual(reported === ghostSession ? [ghost.id] : []);
  expect(suite.standIn.requestsFor("branch zulu")).toHaveLength(0);

  const cont = await api.continue(ghost.id, "continue zulu");
  const failedCont = await waitForEnd(cont.body.id);
  expect(failedCont).toMatchObject({ status: "failed", sessionId: null, error: { code: "session_not_found" } });

  const fresh = await api.startFresh(failed.id, { prompt: "a new start" });
  expect(fresh.status).toBe(201);
  expect(fresh.body).toMatchObject({ prompt: "a new start", restartedFromExecutionId: failed.id });
  expect(await waitForEnd(fresh.body.id)).toMatchObject({ status: "completed" });
});
