import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { GET as searchRoute } from "@/app/api/search/route";
import { prisma } from "@/server/db";
import { getWorkerUtils } from "@/server/queue/worker-utils";
import { sweepDeadRunners } from "@/server/runner/process/recover-executions";
import { approvalsApi, scriptToolTurns, waitForApproval } from "@/test/support/approvals-api";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useRestartableRunner, waitForSearchIndexed } from "@/test/support/executions-harness";
import { send } from "@/test/support/api";
import { waitFor } from "@/test/support/wait";
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

test("the webhook is told, signed, when a run needs a decision and when it finishes; the decision is searchable", async () => {
  const received: Array<{ body: string; signature: string | undefined }> = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ body, signature: req.headers["x-arbor-signature"] as string | undefined });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const secret = "a-secret-of-sixteen-chars";
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    await suite.runnerWith({ ARBOR_NOTIFY_URL: url, ARBOR_NOTIFY_SECRET: secret });
    scriptToolTurns(suite.h.api, { "tell the hook": [node("console.log(4)")] });
    const issueId = (await makeIssue()).id;
    const run = (await api.create({ issueId, prompt: "tell the hook" })).body;
    const approval = await waitForApproval(run.id);
    await approvalsApi.decide(approval.id, { decision: "allow", decidedBy: "grace" });
    await waitForEnd(run.id);
    const events = await waitFor(() => (received.length >= 2 ? received : undefined), "two webhook calls", 10_000);
    const bodies = events.map((e) => JSON.parse(e.body));
    expect(bodies.map((b) => b.type)).toEqual(["approval.requested", "execution.finished"]);
    expect(bodies[0]).toMatchObject({
      approval: { id: approval.id, summary: `$ node -e "console.log(4)"` },
      execution: { id: run.id, issueId },
      path: `/executions/${run.id}`,
    });
    for (const event of events) expect(event.signature).toBe(`sha256=${createHmac("sha256", secret).update(event.body).digest("hex")}`);

    // The audit trail is searchable: who decided what.
    await waitForSearchIndexed(run.id);
    const found = await send<{ groups: Array<{ hits: Array<{ executionId?: string | null }> }> }>(searchRoute, { path: "/api/search?q=grace" });
    expect(found.body.groups.flatMap((g) => g.hits).some((hit) => hit.executionId === run.id)).toBe(true);
  } finally {
    server.close();
  }
});
