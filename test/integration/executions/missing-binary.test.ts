import { prisma } from "@/server/db";
import { expectError } from "@/test/support/api";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";

// A runner whose agent binary is missing fails the execution with
// agent_not_found and says what it looked for; it does not crash or hang.

jest.setTimeout(60_000);

useRunningHarness({
  // The only runner here: every execution lands on it.
  runner: { runnerId: "runner-without-claude", env: { CLAUDE_BIN: "/nonexistent" } },
});

test("CLAUDE_BIN=/nonexistent fails the execution with agent_not_found and a clear message", async () => {
  const issueId = (await makeIssue()).id;
  const created = await api.create({ issueId, prompt: "is anyone installed?" });
  expect(created.status).toBe(201);
  const failed = await waitForEnd(created.body.id);
  expect(failed).toMatchObject({ status: "failed", sessionId: null, runnerId: "runner-without-claude", usage: null });
  expect(failed.error?.code).toBe("agent_not_found");
  expect(failed.error?.message).toContain("/nonexistent");
  expect(failed.error?.message).toMatch(/Claude Code.*(not installed|not found)/i);
  expect(failed.startedAt).not.toBeNull();
  expect(failed.finishedAt).not.toBeNull();
  const row = await prisma.execution.findUniqueOrThrow({ where: { id: failed.id } });
  expect(row.pid).toBeNull();

  // The reason is in the execution's log too.
  const events = await api.events(failed.id);
  expect(events.body.events.flatMap((e) => e.entries)).toContainEqual(expect.objectContaining({ type: "error", message: failed.error!.message }));

  // Nothing to continue: it never had a session. Start fresh is offered.
  const cont = await api.continue(failed.id, "and now?");
  expect(cont.status).toBe(409);
  expect(expectError(cont).details).toMatchObject({ reason: "no_session", canStartFresh: true });
});
