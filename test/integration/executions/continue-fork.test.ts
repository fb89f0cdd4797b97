import { api, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { historyText } from "@/test/support/turn-script";

// Continue carries the conversation in the same session; Fork copies it into a
// new session that grows apart from the original. The stand-in's recorded
// requests show exactly what history the model received on each turn.

jest.setTimeout(60_000);

const suite = useRunningHarness();

async function completedRun(issueId: string, prompt: string) {
  const created = await api.create({ issueId, prompt });
  expect(created.status).toBe(201);
  const done = await waitForEnd(created.body.id);
  expect(done).toMatchObject({ status: "completed", error: null });
  return done;
}

test("Continue resumes the same session and the model gets the earlier turn", async () => {
  const issueId = (await makeIssue()).id;
  const first = await completedRun(issueId, "first question kiwi");

  const cont = await api.continue(first.id, "second question lime");
  expect(cont.status).toBe(201);
  expect(cont.body).toMatchObject({ status: "queued", parentExecutionId: first.id, forkedFromExecutionId: null, forkSessionId: null, cwd: first.cwd });
  const second = await waitForEnd(cont.body.id);
  expect(second).toMatchObject({ status: "completed", error: null, sessionId: first.sessionId, sessionConfirmed: true, parentExecutionId: first.id });

  const request = suite.standIn.requestFor("second question lime");
  expect(request.sessionId).toBe(first.sessionId);
  expect(historyText(request)).toContain("user: first question kiwi");
  expect(historyText(request)).toContain("assistant: Echo: first question kiwi");

  const tree = await api.sessionTree(issueId);
  expect(tree.status).toBe(200);
  expect(tree.body.roots).toHaveLength(1);
  expect(tree.body.roots[0]).toMatchObject({ id: first.id, edge: "root", isHead: false });
  expect(tree.body.roots[0].children).toEqual([expect.objectContaining({ id: second.id, edge: "continue", isHead: true, children: [] })]);
});

test("Fork branches into a new session; the original's later turns never see the fork", async () => {
  const issueId = (await makeIssue()).id;
  const original = await completedRun(issueId, "shared start mango");

  const forked = await api.fork(original.id, "fork prompt papaya");
  expect(forked.status).toBe(201);
  expect(forked.body).toMatchObject({ status: "queued", forkedFromExecutionId: original.id, forkSessionId: original.sessionId, parentExecutionId: null });
  const fork = await waitForEnd(forked.body.id);
  expect(fork).toMatchObject({
    status: "completed",
    error: null,
    sessionConfirmed: true,
    forkedFromExecutionId: original.id,
    forkSessionId: original.sessionId,
  });
  expect(fork.sessionId).toEqual(expect.any(String));
  expect(fork.sessionId).not.toBe(original.sessionId);
  // The original was the head of its session, so the fork branched at its end: no exact point needed.
  expect(fork.resumeAtMessageId).toBeNull();

  const forkRequest = suite.standIn.requestFor("fork prompt papaya");
  expect(forkRequest.sessionId).toBe(fork.sessionId);
  expect(historyText(forkRequest)).toContain("user: shared start mango");
  expect(historyText(forkRequest)).toContain("assistant: Echo: shared start mango");

  // The original session goes on without the fork's turn.
  const cont = await api.continue(original.id, "original continues plum");
  expect(cont.status).toBe(201);
  expect(cont.body.parentExecutionId).toBe(original.id);
  const later = await waitForEnd(cont.body.id);
  expect(later).toMatchObject({ status: "completed", sessionId: original.sessionId });
  const laterRequest = suite.standIn.requestFor("original continues plum");
  expect(laterRequest.sessionId).toBe(original.sessionId);
  expect(historyText(laterRequest)).toContain("user: shared start mango");
  expect(historyText(laterRequest)).not.toContain("papaya");

  const tree = await api.sessionTree(issueId);
  expect(tree.body.roots).toHaveLength(1);
  const root = tree.body.roots[0];
  expect(root).toMatchObject({ id: original.id, edge: "root" });
  expect(root.children.map((c) => [c.id, c.edge])).toEqual([
    [fork.id, "fork"],
    [later.id, "continue"],
  ]);
});
