import { prisma } from "@/server/db";
import { expectError } from "@/test/support/api";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";

// A run no live runner could start is refused before anything is queued,
// naming the runner and the variable to set. One queued while no runner was
// up, taken by a runner whose agent binary is missing, fails with
// agent_not_found and says what it looked for; it does not crash or hang.

jest.setTimeout(60_000);

const suite = useHarness();

test("CLAUDE_BIN=/nonexistent: refused up front while the runner is live, agent_not_found when it took the run anyway", async () => {
  const issueId = (await makeIssue()).id;
  // Queued while no runner is up (this server finds Claude Code itself).
  const created = await api.create({ issueId, prompt: "is anyone installed?" });
  expect(created.status).toBe(201);

  await suite.h.startRunner({ runnerId: "runner-without-claude", env: { CLAUDE_BIN: "/nonexistent" } });
  const failed = await waitForEnd(created.body.id);
  expect(failed).toMatchObject({ status: "failed", sessionId: null, runnerId: "runner-without-claude", usage: null });
  expect(failed.error?.code).toBe("agent_not_found");
  expect(failed.error?.message).toContain("/nonexistent");
  expect(failed.error?.message).toMatch(/Claude Code.*(not installed|not found)/i);
  expect(failed.startedAt).not.toBeNull();
  expect(failed.finishedAt).not.toBeNull();
  const row = await prisma.execution.findUniqueOrThrow({ where: { id: failed.id } });
  expect(row.pid).toBeNull();

  // Now the live runner says it has no Claude Code: a new run is refused, and nothing is queued.
  const before = await prisma.execution.count();
  const refused = await api.create({ issueId, prompt: "and now?" });
  expect(refused.status).toBe(422);
  expect(expectError(refused).message).toMatch(
    /^agent: Claude Code is not installed on runner runner-without-claude: set CLAUDE_BIN in that runner's environment/,
  );
  expect(await prisma.execution.count()).toBe(before);

  // The reason is in the execution's log too.
  const events = await api.events(failed.id);
  expect(events.body.events.flatMap((e) => e.entries)).toContainEqual(expect.objectContaining({ type: "error", message: failed.error!.message }));

  // Nothing to continue: it never had a session. Start fresh is offered.
  const cont = await api.continue(failed.id, "and now?");
  expect(cont.status).toBe(409);
  expect(expectError(cont).details).toMatchObject({ reason: "no_session", canStartFresh: true });
});
