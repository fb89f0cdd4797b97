import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { prisma } from "@/server/db";
import { makeIssue } from "@/test/support/factories";
import { api, waitForEnd } from "@/test/support/executions-api";
import { expectError } from "@/test/support/api";
import { historyText, turnText } from "@/test/support/turn-script";
import { useRunningHarness } from "@/test/support/executions-harness";

// A session the agent does not have (it never existed on this machine, or its
// transcript is gone) is never resumed blindly and never silently dropped: the
// turn carries Arbor's transcript of the conversation instead, and the ids
// the CLI would have made up are never recorded. Start fresh re-runs a failed
// turn with the conversation (default) or without it.

jest.setTimeout(90_000);

const suite = useRunningHarness();

test("a Fork or Continue of an execution whose session never existed carries Arbor's transcript instead", async () => {
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
  const fork = await waitForEnd(forked.body.id);
  expect(fork).toMatchObject({
    status: "completed",
    forkedFromExecutionId: ghost.id,
    resume: { decision: "fresh_with_transcript", reason: "transcript_missing" },
  });
  expect([ghostSession, null]).not.toContain(fork.sessionId);
  // The model got the ghost's prompt as history (it had no answer) and the new one as the task; no resume was tried.
  const [request] = suite.standIn.requestsFor("branch zulu");
  expect(suite.standIn.requestsFor("branch zulu")).toHaveLength(1);
  expect(turnText(request)).toMatch(/<arbor-user>\nfrom another machine yankee\n<\/arbor-user>\n<arbor-assistant>\n\(no answer\)/);
  expect(await prisma.execution.count({ where: { issueId, status: "failed" } })).toBe(0);

  const cont = await api.continue(ghost.id, "continue zulu");
  expect(await waitForEnd(cont.body.id)).toMatchObject({ status: "completed", forkedFromExecutionId: ghost.id, resume: { decision: "fresh_with_transcript" } });
});

test("Start fresh re-runs a failed turn with the conversation (default) or without it, linked by restartedFromExecutionId", async () => {
  const issueId = (await makeIssue()).id;
  const first = await waitForEnd((await api.create({ issueId, prompt: "remember whiskey" })).body.id);
  suite.standIn.on("are you there xray", () => ({ kind: "http_error", status: 400, message: "stand-in refuses this one" }));
  const failed = await waitForEnd((await api.continue(first.id, "are you there xray")).body.id);
  expect(failed).toMatchObject({ status: "failed", error: { code: "agent_error" } });
  expect(await prisma.execution.count({ where: { restartedFromExecutionId: failed.id } })).toBe(0); // it ran: no automatic retry
  suite.standIn.on("are you there xray", (request) => ({ kind: "text", text: `Echo: ${turnText(request).slice(-40)}` }));

  const withIt = await api.startFresh(failed.id);
  expect(withIt.status).toBe(201);
  expect(withIt.body).toMatchObject({
    status: "queued",
    prompt: "are you there xray",
    restartedFromExecutionId: failed.id,
    parentExecutionId: null,
    forkedFromExecutionId: null,
    resume: { decision: "fresh_with_transcript", reason: "restart_with_conversation", transcriptSourceExecutionId: first.id },
  });
  const restarted = await waitForEnd(withIt.body.id);
  expect(restarted).toMatchObject({ status: "completed", error: null, sessionConfirmed: true });
  expect([first.sessionId, failed.sessionId, null]).not.toContain(restarted.sessionId);
  const primed = suite.standIn.api.requests.filter((r) => turnText(r).includes("<arbor-request>") && turnText(r).includes("are you there xray"));
  expect(primed).toHaveLength(1);
  expect(turnText(primed[0])).toContain("remember whiskey");

  const without = await api.startFresh(failed.id, { prompt: "a new start", withConversation: false });
  expect(without.body).toMatchObject({
    prompt: "a new start",
    restartedFromExecutionId: failed.id,
    resume: { decision: "fresh", reason: "restart_without_conversation", transcriptSourceExecutionId: null },
  });
  expect(await waitForEnd(without.body.id)).toMatchObject({ status: "completed" });
  const history = historyText(suite.standIn.requestFor("a new start"));
  expect(history).toContain("user: a new start");
  expect(history).not.toContain("whiskey");

  const tree = await api.sessionTree(issueId);
  const failedNode = tree.body.roots[0].children[0];
  expect(failedNode.children.map((c) => [c.id, c.edge])).toEqual([
    [restarted.id, "restarted"],
    [without.body.id, "restarted"],
  ]);

  const bad = await api.startFresh(failed.id, { withConversation: "no" });
  expect(bad.status).toBe(422);
  expect(expectError(bad).message).toMatch(/withConversation must be true or false/);
});
