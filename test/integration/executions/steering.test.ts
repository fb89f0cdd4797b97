import { prisma } from "@/server/db";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useRestartableRunner } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { isToolResultTurn, type RecordedRequest } from "@/test/support/messages-api";
import { historyText, turnText } from "@/test/support/turn-script";

// Follow-ups as steering (seed 001), with the real Claude Code CLI: a
// Continue sent while its turn runs on a warm-capable process goes to that
// process at once. Claude Code 2.1.330 folds it into the running turn when a
// tool result comes next (the model gets it after the tool result; that turn
// answers both), otherwise runs it as the next turn on the same process.
// Either way it is recorded; with steering off it waits, as before.

jest.setTimeout(120_000);

const suite = useRestartableRunner({ ARBOR_WARM_SESSIONS: "1", ARBOR_WARM_STEERING: "1" });
const runnerWith = suite.runnerWith;

/** The turn with this prompt calls a tool that takes `ms` (a shell sleep); the model is told the result next. */
function slowTool(prompt: string, ms: number) {
  const arrived: RecordedRequest[] = [];
  suite.standIn.on(prompt, (request) => {
    arrived.push(request);
    return isToolResultTurn(request)
      ? { kind: "text", text: `Echo: ${turnText(request)}` }
      : { kind: "tool_use", calls: [{ name: "Bash", input: { command: `sleep ${ms / 1000}; echo tool done`, description: "wait" } }] };
  });
  return arrived;
}

const rawText = (request: RecordedRequest) => JSON.stringify(request.messages);

/** The follow-up's message is with the agent: its process record is written right after the message (not at its claim, a few ms before). */
const messageWritten = (id: string) => waitFor(async () => (await prisma.execution.findUniqueOrThrow({ where: { id } })).launchKind !== null);

test("a follow-up sent while a tool runs is folded into the running turn, which answers it", async () => {
  await runnerWith();
  const issueId = (await makeIssue()).id;
  const first = await waitForEnd((await api.create({ issueId, prompt: "steer base apple" })).body.id);
  expect(first.status).toBe("completed");
  const toolCalls = slowTool("steer host banana", 3_000);
  const host = await api.continue(first.id, "steer host banana");
  await waitFor(() => toolCalls.length > 0);
  const followUp = await api.continue(host.body.id, "steer folded cherry");
  expect(followUp.status).toBe(201);

  const hostDone = await waitForEnd(host.body.id);
  const folded = await waitForEnd(followUp.body.id);
  expect(hostDone).toMatchObject({ status: "completed", launch: { kind: "warm" } });
  expect(folded).toMatchObject({
    status: "completed",
    sessionId: first.sessionId,
    parentExecutionId: host.body.id,
    launch: { kind: "steer", pid: first.launch!.pid, reason: expect.stringMatching(/took it into that turn/) },
  });
  // The model got it inside the host turn, after the tool result; it never was a turn of its own.
  const afterTool = suite.h.api.requests.filter((r) => rawText(r).includes("steer folded cherry"));
  expect(afterTool.length).toBeGreaterThan(0);
  expect(rawText(afterTool[0])).toContain("tool done");
  expect(suite.standIn.requestsFor("steer folded cherry").filter((r) => turnText(r) === "steer folded cherry")).toHaveLength(0);

  // The session goes on from the follow-up (its head), on the same process, with all of it in the history.
  const next = await waitForEnd((await api.continue(folded.id, "after steer date")).body.id);
  expect(next).toMatchObject({ status: "completed", launch: { kind: "warm", pid: first.launch!.pid }, sessionId: first.sessionId });
  // (The CLI keeps a folded message as a system note after the tool result, not as a user turn.)
  expect(rawText(suite.standIn.requestFor("after steer date"))).toContain("steer folded cherry");
  expect(historyText(suite.standIn.requestFor("after steer date"))).toContain("user: steer host banana");
});

test("a follow-up sent while a turn without tools runs becomes the next turn on the same process", async () => {
  await runnerWith();
  const issueId = (await makeIssue()).id;
  const first = await waitForEnd((await api.create({ issueId, prompt: "queue base elder" })).body.id);
  const held = suite.standIn.hold("queue host fig");
  const host = await api.continue(first.id, "queue host fig");
  await held.arrived;
  const followUp = await api.continue(host.body.id, "queued next grape");
  // It is with the agent already, though the running turn has not ended.
  await messageWritten(followUp.body.id);
  held.release();
  const hostDone = await waitForEnd(host.body.id);
  const next = await waitForEnd(followUp.body.id);
  expect(hostDone.status).toBe("completed");
  expect(next).toMatchObject({
    status: "completed",
    sessionId: first.sessionId,
    launch: { kind: "warm", pid: first.launch!.pid, reason: expect.stringMatching(/ran it as the next turn/) },
  });
  expect(historyText(suite.standIn.requestFor("queued next grape"))).toContain("user: queue host fig");
  // Its own events: the host turn's answer is not in them.
  const texts = (await api.events(next.id)).body.events.flatMap((e) => e.entries.flatMap((entry) => ("text" in entry ? [entry.text] : [])));
  expect(texts.join("\n")).toContain("Echo: queued next grape");
  expect(texts.join("\n")).not.toContain("Echo: queue host fig");
});

test("Cancel of a follow-up the agent has not started yet stops it as it starts; the session goes on", async () => {
  await runnerWith();
  const issueId = (await makeIssue()).id;
  const first = await waitForEnd((await api.create({ issueId, prompt: "cancel base mango" })).body.id);
  const held = suite.standIn.hold("cancel host nectarine");
  const host = await api.continue(first.id, "cancel host nectarine");
  await held.arrived;
  const followUp = await api.continue(host.body.id, "cancelled early olive");
  await messageWritten(followUp.body.id);
  expect((await api.cancel(followUp.body.id)).status).toBe(200);
  held.release();
  expect(await waitForEnd(host.body.id)).toMatchObject({ status: "completed" });
  const cancelled = await waitForEnd(followUp.body.id);
  expect(cancelled).toMatchObject({ status: "cancelled", error: null });
  const after = await waitForEnd((await api.continue(cancelled.id, "after cancelled papaya")).body.id);
  expect(after).toMatchObject({ status: "completed", sessionId: first.sessionId });
  expect(historyText(suite.standIn.requestFor("after cancelled papaya"))).toContain("user: cancel host nectarine");
});

test("with steering off, a follow-up waits for the running turn, as before", async () => {
  await runnerWith({ ARBOR_WARM_STEERING: "0" });
  const issueId = (await makeIssue()).id;
  const first = await waitForEnd((await api.create({ issueId, prompt: "nosteer base honeydew" })).body.id);
  const held = suite.standIn.hold("nosteer host kiwi");
  const host = await api.continue(first.id, "nosteer host kiwi");
  await held.arrived;
  const followUp = await api.continue(host.body.id, "nosteer next lime");
  await new Promise((r) => setTimeout(r, 500));
  expect((await prisma.execution.findUniqueOrThrow({ where: { id: followUp.body.id } })).status).toBe("queued");
  held.release();
  const next = await waitForEnd(followUp.body.id);
  expect(next).toMatchObject({ status: "completed", launch: { kind: "warm", reason: null } });
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}
