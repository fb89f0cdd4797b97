import { randomUUID } from "node:crypto";
import { prisma } from "@/server/db";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";

// A double click (two identical POSTs at once, same Idempotency-Key) creates
// one execution and runs the agent once; the loser is told it was a replay.

jest.setTimeout(60_000);

const suite = useRunningHarness();

test("two concurrent POST /api/executions with one Idempotency-Key create one execution", async () => {
  const issueId = (await makeIssue()).id;
  const key = randomUUID();
  const body = { issueId, prompt: "only once please" };
  const responses = await Promise.all([api.create(body, { "Idempotency-Key": key }), api.create(body, { "Idempotency-Key": key })]);

  expect(responses.map((r) => r.status)).toEqual([201, 201]);
  expect(responses[0].body.id).toBe(responses[1].body.id);
  expect(responses.map((r) => r.headers.get("Idempotent-Replayed")).sort()).toEqual(["true", null].sort());
  expect(await prisma.execution.count({ where: { issueId } })).toBe(1);

  const done = await waitForEnd(responses[0].body.id);
  expect(done.status).toBe("completed");
  expect(suite.standIn.requestFor("only once please").sessionId).toBe(done.sessionId);

  // Sent again later: still the same execution, as it is now.
  const late = await api.create(body, { "Idempotency-Key": key });
  expect(late.status).toBe(201);
  expect(late.headers.get("Idempotent-Replayed")).toBe("true");
  expect(late.body).toMatchObject({ id: done.id, status: "completed" });

  // Without a key, the same body is a new execution.
  const other = await api.create(body);
  expect(other.body.id).not.toBe(done.id);
  expect(other.headers.get("Idempotent-Replayed")).toBeNull();
  await waitForEnd(other.body.id);
});

test("two concurrent Continues with one Idempotency-Key create one turn", async () => {
  const issueId = (await makeIssue()).id;
  const first = await waitForEnd((await api.create({ issueId, prompt: "first of two" })).body.id);
  const key = randomUUID();
  const responses = await Promise.all([
    api.continue(first.id, "next once", { "Idempotency-Key": key }),
    api.continue(first.id, "next once", { "Idempotency-Key": key }),
  ]);
  expect(responses.map((r) => r.status)).toEqual([201, 201]);
  expect(responses[0].body.id).toBe(responses[1].body.id);
  expect(responses.filter((r) => r.headers.get("Idempotent-Replayed") === "true")).toHaveLength(1);
  expect(await prisma.execution.count({ where: { issueId } })).toBe(2);

  expect(await waitForEnd(responses[0].body.id)).toMatchObject({ status: "completed", parentExecutionId: first.id });
  expect(suite.standIn.requestFor("next once").sessionId).toBe(first.sessionId);
});
