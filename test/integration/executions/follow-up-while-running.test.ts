import { api, waitForDto, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { historyText } from "@/test/support/turn-script";

// A follow-up sent while the session's current turn still runs is queued
// behind it: never two agent processes on one session. To prove the follow-up
// really waits (rather than merely not having started yet), an unrelated run
// queued after it goes all the way through first.

jest.setTimeout(90_000);

// Steering off: a follow-up waits in the session's queue, as it does for any turn not on a warm process
// (steering.test.ts covers a follow-up delivered to the running process at once).
const suite = useRunningHarness({ runner: { env: { ARBOR_WARM_STEERING: "0" } } });

/** Runs an unrelated execution to completion: anything runnable that was queued before it has been picked up by then. */
async function unrelatedRunCompletes(prompt: string) {
  const other = await api.create({ issueId: (await makeIssue({ title: "Unrelated" })).id, prompt });
  expect(await waitForEnd(other.body.id)).toMatchObject({ status: "completed" });
}

test("Continue on a running execution waits for it, then runs with its whole turn", async () => {
  const issueId = (await makeIssue()).id;
  const gate = suite.standIn.hold("long first india");
  const first = await api.create({ issueId, prompt: "long first india" });
  await gate.arrived;
  await waitForDto(first.body.id, (e) => e.status === "running" && e.sessionId !== null, "the first turn running");

  const followUp = await api.continue(first.body.id, "follow up juliet");
  expect(followUp.status).toBe(201);
  expect(followUp.body).toMatchObject({ status: "queued", parentExecutionId: first.body.id });
  expect((await api.get(followUp.body.id)).body).toMatchObject({ status: "queued", waitingForExecutionId: first.body.id });

  await unrelatedRunCompletes("meanwhile kilo");
  expect((await api.get(followUp.body.id)).body).toMatchObject({ status: "queued", waitingForExecutionId: first.body.id, startedAt: null });
  expect(suite.standIn.requestsFor("follow up juliet")).toHaveLength(0);

  gate.release();
  const a = await waitForEnd(first.body.id);
  const b = await waitForEnd(followUp.body.id);
  expect(a.status).toBe("completed");
  expect(b).toMatchObject({ status: "completed", error: null, sessionId: a.sessionId, waitingForExecutionId: null });
  expect(Date.parse(b.startedAt!)).toBeGreaterThanOrEqual(Date.parse(a.finishedAt!));
  const history = historyText(suite.standIn.requestFor("follow up juliet"));
  expect(history).toContain("user: long first india");
  expect(history).toContain("assistant: Echo: long first india");
});

test("Continue on a running fork waits for the fork (its first turn) to finish", async () => {
  const issueId = (await makeIssue()).id;
  const source = await waitForEnd((await api.create({ issueId, prompt: "source lima" })).body.id);

  const gate = suite.standIn.hold("fork mike");
  const fork = await api.fork(source.id, "fork mike");
  await gate.arrived;
  await waitForDto(fork.body.id, (e) => e.status === "running" && e.sessionId !== null, "the fork running");

  const followUp = await api.continue(fork.body.id, "after fork november");
  expect(followUp.status).toBe(201);
  expect(followUp.body.parentExecutionId).toBe(fork.body.id);
  expect((await api.get(followUp.body.id)).body).toMatchObject({ status: "queued", waitingForExecutionId: fork.body.id });

  await unrelatedRunCompletes("meanwhile oscar");
  expect((await api.get(followUp.body.id)).body.status).toBe("queued");
  expect(suite.standIn.requestsFor("after fork november")).toHaveLength(0);

  gate.release();
  const f = await waitForEnd(fork.body.id);
  const g = await waitForEnd(followUp.body.id);
  expect(f.status).toBe("completed");
  expect(g).toMatchObject({ status: "completed", error: null, sessionId: f.sessionId });
  expect(Date.parse(g.startedAt!)).toBeGreaterThanOrEqual(Date.parse(f.finishedAt!));
  const history = historyText(suite.standIn.requestFor("after fork november"));
  expect(history).toContain("user: source lima");
  expect(history).toContain("user: fork mike");
});

test("a fork of a running execution waits for its source, then branches from the source's finished turn", async () => {
  const issueId = (await makeIssue()).id;
  const gate = suite.standIn.hold("busy papa");
  const source = await api.create({ issueId, prompt: "busy papa" });
  await gate.arrived;
  await waitForDto(source.body.id, (e) => e.status === "running" && e.sessionId !== null, "the source running");

  const fork = await api.fork(source.body.id, "branch quebec");
  expect(fork.status).toBe(201);
  expect((await api.get(fork.body.id)).body).toMatchObject({ status: "queued", waitingForExecutionId: source.body.id });
  await unrelatedRunCompletes("meanwhile romeo");
  expect((await api.get(fork.body.id)).body.status).toBe("queued");

  gate.release();
  const s = await waitForEnd(source.body.id);
  const f = await waitForEnd(fork.body.id);
  expect(f).toMatchObject({ status: "completed", error: null, forkedFromExecutionId: s.id });
  expect(Date.parse(f.startedAt!)).toBeGreaterThanOrEqual(Date.parse(s.finishedAt!));
  const history = historyText(suite.standIn.requestFor("branch quebec"));
  expect(history).toContain("user: busy papa");
  expect(history).toContain("assistant: Echo: busy papa");
});
