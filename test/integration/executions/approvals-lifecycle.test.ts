import { prisma } from "@/server/db";
import { getWorkerUtils } from "@/server/queue/worker-utils";
import { sweepDeadRunners } from "@/server/runner/recover-executions";
import { approvalsApi, scriptToolTurns, waitForApproval } from "@/test/support/approvals-api";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useRestartableRunner } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";

// What happens to an approval nobody decides: the wait limit, the runner
// stopping, the runner lost (with the real Claude Code CLI where an agent asks).

jest.setTimeout(120_000);

const suite = useRestartableRunner();
const node = (code: string) => ({ name: "Bash", input: { command: `node -e "${code}"` } });

test("the wait limit denies with a message the agent reads, and the approval says it expired", async () => {
  await suite.runnerWith({}, {}, 700);
  scriptToolTurns(suite.h.api, { "nobody answers": [node("console.log(1)")] });
  const run = (await api.create({ issueId: (await makeIssue()).id, prompt: "nobody answers" })).body;
  const approval = await waitForApproval(run.id);
  expect(await waitForEnd(run.id)).toMatchObject({ status: "completed", refusedActions: 1, waitingFor: null });
  expect((await approvalsApi.get(approval.id)).body).toMatchObject({
    status: "expired",
    decidedBy: "wait limit",
    message: expect.stringContaining("ARBOR_APPROVAL_TIMEOUT"),
  });
  const told = suite.h.api.requests[suite.h.api.requests.length - 1];
  expect(JSON.stringify(told.messages)).toContain("No one decided within 1 s");
});

test("the runner stopping while an agent waits: the approval expires, the run is interrupted and can be continued", async () => {
  await suite.runnerWith();
  scriptToolTurns(suite.h.api, { "stop while waiting": [node("console.log(2)")] });
  const run = (await api.create({ issueId: (await makeIssue()).id, prompt: "stop while waiting" })).body;
  const approval = await waitForApproval(run.id);
  await suite.runner!.stop();
  suite.runner = null;
  expect(await waitForEnd(run.id)).toMatchObject({ status: "interrupted", waitingFor: null });
  expect((await approvalsApi.get(approval.id)).body.status).toBe("expired");
  expect((await approvalsApi.decide(approval.id, { decision: "allow" })).status).toBe(409);

  await suite.runnerWith();
  const next = await waitForEnd((await api.continue(run.id, "and now go on")).body.id);
  expect(next).toMatchObject({ status: "completed", sessionId: run.sessionId ?? expect.any(String) });
});

test("a runner found dead while its agent waited: the approval expires with the run", async () => {
  const issueId = (await makeIssue()).id;
  const stale = new Date(Date.now() - 10 * 60_000);
  await prisma.runner.create({ data: { id: "lost-runner", hostname: "elsewhere", pid: 1, startedAt: stale, heartbeatAt: stale, bootId: "b1" } });
  const execution = await prisma.execution.create({
    data: {
      id: crypto.randomUUID(),
      issueId,
      agent: "claude",
      prompt: "x",
      cwd: "/tmp",
      status: "running",
      runnerId: "lost-runner",
      startedAt: stale,
      waitingFor: { approvalId: "APR-90001", kind: "tool", summary: "$ ls" },
    },
  });
  await prisma.approval.create({
    data: {
      id: "APR-90001",
      number: 90001,
      executionId: execution.id,
      issueId,
      agent: "claude",
      requestId: "r",
      kind: "tool",
      toolName: "Bash",
      input: {},
      summary: "$ ls",
    },
  });
  expect(await sweepDeadRunners(await getWorkerUtils())).toContain(execution.id);
  expect(await prisma.execution.findUniqueOrThrow({ where: { id: execution.id } })).toMatchObject({ status: "interrupted", waitingFor: null });
  expect((await approvalsApi.get("APR-90001")).body).toMatchObject({ status: "expired", message: expect.stringContaining("runner") });
});
