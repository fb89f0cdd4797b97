import { POST as createExecutionRoute } from "@/app/api/executions/route";
import { POST as continueRoute } from "@/app/api/executions/[id]/continue/route";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { conversation } from "@/test/support/messages-api";
import { resetDb } from "@/test/support/db";
import { call, createHarness, createIssue, waitForExecution, type Harness } from "@/test/support/executions-harness";

jest.setTimeout(120_000);

let h: Harness;
beforeAll(async () => {
  await resetDb();
  h = await createHarness();
  await h.startRunner();
});
afterAll(async () => {
  await h.close();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

test("run then continue with the real CLI", async () => {
  const issueId = await createIssue();
  const created = await call(createExecutionRoute, { body: { issueId, prompt: "hello there" } });
  expect(created.status).toBe(201);
  const done = await waitForExecution(created.body.id);
  expect(done.errorMessage).toBeNull();
  expect(done.status).toBe("completed");
  expect(done.sessionId).toBe(done.targetSessionId);
  expect(done.sessionConfirmed).toBe(true);

  const cont = await call(continueRoute, { id: done.id, body: { prompt: "second turn" } });
  expect(cont.status).toBe(201);
  const done2 = await waitForExecution(cont.body.id);
  expect(done2.status).toBe("completed");
  expect(done2.sessionId).toBe(done.sessionId);
  const last = h.api.requests.at(-1)!;
  expect(conversation(last).map((m) => m.text).join("\n")).toContain("hello there");
});
