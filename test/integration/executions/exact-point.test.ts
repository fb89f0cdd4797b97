import { prisma } from "@/server/db";
import { api, waitForDto, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { historyText } from "@/test/support/turn-script";

// Branching from a turn the session has since moved past: the new session
// must start from that turn's own last message (--resume-session-at), not
// from the session's current end. A Continue on such a turn is recorded as a
// fork, since it cannot extend the session in place.

jest.setTimeout(60_000);

const suite = useRunningHarness();

async function lastMessageIdOf(id: string) {
  return (await prisma.execution.findUniqueOrThrow({ where: { id } })).lastMessageId;
}

test("fork and continue from A after A→B branch at A's last message, without B's turn", async () => {
  const issueId = (await makeIssue()).id;
  const a = await waitForEnd((await api.create({ issueId, prompt: "turn one alpha" })).body.id);
  expect(a.status).toBe("completed");
  const aLastMessage = await lastMessageIdOf(a.id);
  expect(aLastMessage).toEqual(expect.any(String));

  const b = await waitForEnd((await api.continue(a.id, "turn two bravo")).body.id);
  expect(b).toMatchObject({ status: "completed", sessionId: a.sessionId, parentExecutionId: a.id });

  const forked = await api.fork(a.id, "fork from one charlie");
  expect(forked.status).toBe(201);
  const fork = await waitForEnd(forked.body.id);
  expect(fork).toMatchObject({
    status: "completed",
    error: null,
    forkedFromExecutionId: a.id,
    forkSessionId: a.sessionId,
    parentExecutionId: null,
    resumeAtMessageId: aLastMessage,
  });
  expect(fork.sessionId).not.toBe(a.sessionId);

  const continued = await api.continue(a.id, "continue from one delta");
  expect(continued.status).toBe(201);
  // A is no longer its session's head: the Continue becomes a fork.
  expect(continued.body).toMatchObject({ parentExecutionId: null, forkedFromExecutionId: a.id, forkSessionId: a.sessionId });
  const branch = await waitForEnd(continued.body.id);
  expect(branch).toMatchObject({ status: "completed", error: null, resumeAtMessageId: aLastMessage });
  expect([a.sessionId, fork.sessionId]).not.toContain(branch.sessionId);

  for (const prompt of ["fork from one charlie", "continue from one delta"]) {
    const history = historyText(suite.standIn.requestFor(prompt));
    expect(history).toContain("user: turn one alpha");
    expect(history).toContain("assistant: Echo: turn one alpha");
    expect(history).not.toContain("bravo");
  }
  expect(historyText(suite.standIn.requestFor("continue from one delta"))).not.toContain("charlie");

  // The original session itself is untouched by either branch.
  const next = await waitForEnd((await api.continue(b.id, "turn three echo")).body.id);
  expect(next).toMatchObject({ status: "completed", sessionId: a.sessionId, parentExecutionId: b.id });
  const history = historyText(suite.standIn.requestFor("turn three echo"));
  expect(history).toContain("bravo");
  expect(history).not.toMatch(/charlie|delta/);
});

test("a fork from A while A's continuation B is still running branches at A, not at B's half-written turn", async () => {
  const issueId = (await makeIssue()).id;
  const a = await waitForEnd((await api.create({ issueId, prompt: "steady foxtrot" })).body.id);
  const aLastMessage = await lastMessageIdOf(a.id);

  const gate = suite.standIn.hold("running golf");
  const cont = await api.continue(a.id, "running golf");
  await gate.arrived;
  // B's prompt is in the session's transcript now; B is the session's head.
  await waitForDto(cont.body.id, (e) => e.status === "running" && e.sessionId === a.sessionId, "B running in A's session");

  const forked = await api.fork(a.id, "side hotel");
  expect(forked.status).toBe(201);
  const fork = await waitForEnd(forked.body.id);
  expect(fork).toMatchObject({ status: "completed", error: null, resumeAtMessageId: aLastMessage });
  const history = historyText(suite.standIn.requestFor("side hotel"));
  expect(history).toContain("user: steady foxtrot");
  expect(history).not.toContain("golf");

  gate.release();
  expect(await waitForEnd(cont.body.id)).toMatchObject({ status: "completed", sessionId: a.sessionId });
});

test("Continue A then Fork A straight away: the fork branches at A even though B has not reported its session yet", async () => {
  const issueId = (await makeIssue()).id;
  const a = await waitForEnd((await api.create({ issueId, prompt: "quick india" })).body.id);
  const aLastMessage = await lastMessageIdOf(a.id);

  // No waiting in between: when the fork starts, B is queued or just starting.
  const cont = await api.continue(a.id, "racing juliet");
  const forked = await api.fork(a.id, "racing kilo");
  expect(forked.status).toBe(201);
  const [b, fork] = await Promise.all([waitForEnd(cont.body.id), waitForEnd(forked.body.id)]);
  expect(b).toMatchObject({ status: "completed", sessionId: a.sessionId });
  expect(fork).toMatchObject({ status: "completed", error: null, resumeAtMessageId: aLastMessage });
  const history = historyText(suite.standIn.requestFor("racing kilo"));
  expect(history).toContain("user: quick india");
  expect(history).not.toContain("juliet");
});
