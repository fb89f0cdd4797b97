import { conversation } from "@/test/support/messages-api";
import { api } from "@/test/support/executions-api";
import { useRunningHarness, waitForExecution } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";

jest.setTimeout(120_000);

const suite = useRunningHarness();

test("run then continue with the real CLI", async () => {
  const issueId = (await makeIssue()).id;
  const created = await api.create({ issueId, prompt: "hello there" });
  expect(created.status).toBe(201);
  const done = await waitForExecution(created.body.id);
  expect(done.errorMessage).toBeNull();
  expect(done.status).toBe("completed");
  expect(done.sessionId).toBe(done.targetSessionId);
  expect(done.sessionConfirmed).toBe(true);

  const cont = await api.continue(done.id, "second turn");
  expect(cont.status).toBe(201);
  const done2 = await waitForExecution(cont.body.id);
  expect(done2.status).toBe("completed");
  expect(done2.sessionId).toBe(done.sessionId);
  const last = suite.h.api.requests.at(-1)!;
  expect(
    conversation(last)
      .map((m) => m.text)
      .join("\n"),
  ).toContain("hello there");
});
