import { prisma } from "@/server/db";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue, makeSpec } from "@/test/support/factories";
import { conversation, lastUserText, type RecordedRequest } from "@/test/support/messages-api";

// A prompt citing [[SPEC-n]] / [[ISSUE-n]] reaches the agent with the cited
// text expanded, once per conversation: a later turn of the same agent
// session (or a fork of it) that cites it again does not repeat it. What the
// real Claude Code CLI sent to the Messages-API stand-in is the proof.

jest.setTimeout(120_000);

const suite = useRunningHarness({
  // Short replies, so the model's answers never quote the expanded text back.
  script: (_standIn) => suite.standIn.on("turn", () => ({ kind: "text", text: "Noted." })),
});

const SPEC_BODY = "The widget must be BLUE-7731 and round.";
const ISSUE_BODY = "Reported by QA: widget is SQUARE-4410.";

/** How often `needle` occurs in everything the user side sent in this request (all turns). */
function timesSent(request: RecordedRequest, needle: string): number {
  return conversation(request)
    .filter((m) => m.role === "user")
    .reduce((n, m) => n + m.text.split(needle).length - 1, 0);
}

test("cited bodies are expanded once along a continuation chain and a fork", async () => {
  const spec = await makeSpec({ title: "Widget", body: SPEC_BODY });
  const issue = await makeIssue({ title: "Widget is square", body: ISSUE_BODY, specId: spec.id });

  const first = await api.create({ issueId: issue.id, prompt: `turn one: build it per [[${spec.id.toLowerCase()}]] and [[SPEC-99]]` });
  expect(first.status).toBe(201);
  // The prompt is stored as typed; what the agent receives is kept beside it.
  expect(first.body.prompt).toBe(`turn one: build it per [[${spec.id.toLowerCase()}]] and [[SPEC-99]]`);
  expect(first.body.expandedReferences).toEqual([spec.id]);
  const firstRow = await prisma.execution.findUniqueOrThrow({ where: { id: first.body.id } });
  expect(firstRow.agentPrompt).toContain(SPEC_BODY);
  expect(firstRow.agentPrompt!.startsWith(first.body.prompt)).toBe(true);
  await waitForEnd(first.body.id);

  const one = suite.standIn.requestFor("turn one:");
  expect(lastUserText(one)).toContain(SPEC_BODY);
  expect(lastUserText(one)).toContain(`<spec id="${spec.id}" title="Widget">`);
  expect(lastUserText(one)).toContain("[[SPEC-99]]"); // unknown: left as typed
  expect(timesSent(one, SPEC_BODY)).toBe(1);

  // Turn two cites the spec again and the issue for the first time.
  const second = await api.continue(first.body.id, `turn two: also [[${spec.id}]] and [[${issue.id}]]`);
  expect(second.status).toBe(201);
  expect(second.body.expandedReferences).toEqual([issue.id]);
  await waitForEnd(second.body.id);
  const two = suite.standIn.requestFor("turn two:");
  expect(lastUserText(two)).toContain(ISSUE_BODY);
  expect(lastUserText(two)).not.toContain(SPEC_BODY);
  expect(timesSent(two, SPEC_BODY)).toBe(1); // once, from turn one's history
  expect(timesSent(two, ISSUE_BODY)).toBe(1);

  // Turn three cites both again: nothing new to add, the agent gets the prompt as typed.
  const third = await api.continue(second.body.id, `turn three: recheck [[${spec.id}]] [[${issue.id}]]`);
  expect(third.body.expandedReferences).toEqual([]);
  expect((await prisma.execution.findUniqueOrThrow({ where: { id: third.body.id } })).agentPrompt).toBeNull();
  await waitForEnd(third.body.id);
  const three = suite.standIn.requestFor("turn three:");
  expect(lastUserText(three)).toBe(`turn three: recheck [[${spec.id}]] [[${issue.id}]]`);
  expect(timesSent(three, SPEC_BODY)).toBe(1);
  expect(timesSent(three, ISSUE_BODY)).toBe(1);

  // A fork of turn one carries turn one's history (with the spec) but not turn two's (the issue).
  const fork = await api.fork(first.body.id, `turn fork: [[${spec.id}]] and [[${issue.id}]]`);
  expect(fork.body.expandedReferences).toEqual([issue.id]);
  await waitForEnd(fork.body.id);
  const forked = suite.standIn.requestFor("turn fork:");
  expect(timesSent(forked, SPEC_BODY)).toBe(1);
  expect(timesSent(forked, ISSUE_BODY)).toBe(1);

  // A new session starts from nothing: expanded again.
  const fresh = await api.create({ issueId: issue.id, prompt: `turn fresh: [[${spec.id}]]` });
  expect(fresh.body.expandedReferences).toEqual([spec.id]);
  await waitForEnd(fresh.body.id);
  expect(timesSent(suite.standIn.requestFor("turn fresh:"), SPEC_BODY)).toBe(1);
});

test("a prompt citing a session is not expanded", async () => {
  const issue = await makeIssue({ title: "Plain" });
  const run = await api.create({ issueId: issue.id, prompt: "turn sess: like [[SESS-1]]" });
  expect(run.body.expandedReferences).toEqual([]);
  await waitForEnd(run.body.id);
  expect(lastUserText(suite.standIn.requestFor("turn sess:"))).toBe("turn sess: like [[SESS-1]]");
});
