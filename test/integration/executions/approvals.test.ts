import { prisma } from "@/server/db";
import { DEFAULT_WORKSPACE_POLICY_KEY } from "@/server/permissions/read-project-policy";
import { expectError } from "@/test/support/api";
import { approvalsApi, scriptToolTurns, waitForApproval } from "@/test/support/approvals-api";
import { currentTurn } from "@/test/support/turn-script";
import { api, waitForDto, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { sessionsApi } from "@/test/support/sessions-api";
import { runArbor, type RouteTable } from "@/test/support/cli-in-process";

// People in the loop, with the real Claude Code CLI (2.1.330) and the
// Messages-API stand-in scripted to call tools: under "ask" (the default for
// Claude) a command acceptEdits would refuse becomes an approval a person
// decides through the API, and the decision reaches the agent's process.

jest.setTimeout(120_000);

const node = (code: string) => ({ name: "Bash", input: { command: `node -e "${code}"`, description: "compute" } });

const suite = useRunningHarness();

/** What the model was told last in the turn with this prompt (the tool result it saw). */
function lastToolResult(prompt: string): string {
  const requests = suite.h.api.requests.filter((r) => currentTurn(r).prompt.includes(prompt));
  const { results } = currentTurn(requests[requests.length - 1]);
  return results[results.length - 1] ?? "";
}

test("allow once: the approval waits, the execution says so, and the allowed command's output reaches the model", async () => {
  scriptToolTurns(suite.h.api, { "compute once": [node("console.log(6*7)")] });
  const issueId = (await makeIssue()).id;
  const run = (await api.create({ issueId, prompt: "compute once" })).body;

  const approval = await waitForApproval(run.id);
  expect(approval).toMatchObject({
    kind: "tool",
    toolName: "Bash",
    summary: `$ node -e "console.log(6*7)"`,
    status: "pending",
    issueId,
    suggestedRules: [`Bash(node -e "console.log(6*7)")`],
    reason: "This command requires approval",
  });
  const waiting = await waitForDto(run.id, (e) => e.waitingFor !== null, "waiting for a decision");
  expect(waiting).toMatchObject({
    status: "running",
    waitingFor: { approvalId: approval.id, kind: "tool" },
    permissions: { mode: "ask", source: "agent-default" },
  });

  const decided = await approvalsApi.decide(approval.id, { decision: "allow", decidedBy: "ada" });
  expect(decided.status).toBe(200);
  expect(decided.body).toMatchObject({ status: "allowed", scope: "once", decidedBy: "ada" });
  const done = await waitForEnd(run.id);
  expect(done).toMatchObject({ status: "completed", waitingFor: null, refusedActions: 0 });
  expect(lastToolResult("compute once")).toBe("42");

  // The audit trail: the request and the decision, in the log, with who decided.
  const entries = (await api.events(run.id)).body.events.flatMap((e) => e.entries).filter((e) => e.type === "approval");
  expect(entries).toEqual([
    expect.objectContaining({ phase: "requested", approvalId: approval.id, status: "pending", summary: approval.summary }),
    expect.objectContaining({ phase: "decided", approvalId: approval.id, status: "allowed", scope: "once", decidedBy: "ada" }),
  ]);
  // A second decision, and one on nothing, are refused with what happened.
  const again = await approvalsApi.decide(approval.id, { decision: "deny" });
  expect(again.status).toBe(409);
  expect(expectError(again).message).toContain("was already allowed by ada");
  expect((await approvalsApi.decide("APR-99999", { decision: "allow" })).status).toBe(404);
  expect(expectError(await approvalsApi.decide(approval.id, { decision: "maybe" })).message).toContain("decision");
});

test("deny with a message: the model reads the message, and the turn says an action was refused", async () => {
  scriptToolTurns(suite.h.api, { "compute denied": [node("console.log(1)")] });
  const run = (await api.create({ issueId: (await makeIssue()).id, prompt: "compute denied" })).body;
  const approval = await waitForApproval(run.id);
  expect((await approvalsApi.decide(approval.id, { decision: "deny", message: "Use python instead." })).body.status).toBe("denied");
  expect(await waitForEnd(run.id)).toMatchObject({ status: "completed", refusedActions: 1 });
  expect(lastToolResult("compute denied")).toContain("Use python instead.");
});

test("for this session: the session's next turns run the same command without asking, on its warm process or a new one", async () => {
  const command = node("console.log(7)");
  scriptToolTurns(suite.h.api, { "session first": [command], "session again": [command], "session cold": [command] });
  const run = (await api.create({ issueId: (await makeIssue()).id, prompt: "session first" })).body;
  const approval = await waitForApproval(run.id);
  expect((await approvalsApi.decide(approval.id, { decision: "allow", scope: "session" })).body).toMatchObject({
    scope: "session",
    rememberedRules: [`Bash(node -e "console.log(7)")`],
  });
  await waitForEnd(run.id);

  const next = (await api.continue(run.id, "session again")).body;
  const done = await waitForEnd(next.id);
  expect(done).toMatchObject({ status: "completed", launch: { kind: "warm" } });
  expect(lastToolResult("session again")).toBe("7");
  expect((await approvalsApi.list(`status=all&executionId=${next.id}`)).body.approvals).toEqual([]);

  // A new process for the session (warm sessions switched off) is launched with the rule.
  expect((await sessionsApi.patch(done.managedSessionId!, { keepWarm: false })).status).toBe(200);
  const cold = await waitForEnd((await api.continue(next.id, "session cold")).body.id);
  expect(cold).toMatchObject({ status: "completed", launch: { kind: "spawn" }, permissions: { allow: [`Bash(node -e "console.log(7)")`] } });
  expect(lastToolResult("session cold")).toBe("7");
  expect((await approvalsApi.list(`status=all&executionId=${cold.id}`)).body.approvals).toEqual([]);
});

test("in this project: a new run does not ask, and the project's policy lists the rule", async () => {
  const command = node("console.log(8)");
  scriptToolTurns(suite.h.api, { "project first": [command], "project again": [command] });
  const run = (await api.create({ issueId: (await makeIssue()).id, prompt: "project first" })).body;
  const approval = await waitForApproval(run.id);
  await approvalsApi.decide(approval.id, { decision: "allow", scope: "project" });
  await waitForEnd(run.id);
  const setting = await prisma.setting.findUnique({ where: { key: DEFAULT_WORKSPACE_POLICY_KEY } });
  expect(setting?.value).toMatchObject({ mode: "ask", allow: [`Bash(node -e "console.log(8)")`] });

  const other = (await api.create({ issueId: (await makeIssue()).id, prompt: "project again" })).body;
  expect(await waitForEnd(other.id)).toMatchObject({ status: "completed", permissions: { allow: [`Bash(node -e "console.log(8)")`] } });
  expect(lastToolResult("project again")).toBe("8");
  await prisma.setting.delete({ where: { key: DEFAULT_WORKSPACE_POLICY_KEY } });
});

test("edits: nobody is asked, the command is refused, and the turn says so", async () => {
  scriptToolTurns(suite.h.api, { "edits only": [node("console.log(9)")] });
  const run = (await api.create({ issueId: (await makeIssue()).id, prompt: "edits only", permissions: { mode: "edits" } })).body;
  expect(await waitForEnd(run.id)).toMatchObject({ status: "completed", refusedActions: 1, permissions: { mode: "edits", source: "run" } });
  expect(lastToolResult("edits only")).toContain("requires approval");
  expect((await approvalsApi.list(`status=all&executionId=${run.id}`)).body.approvals).toEqual([]);
});

test("plan: the plan is shown and approved, then the turn goes on asking as under ask", async () => {
  scriptToolTurns(suite.h.api, {
    "plan first": [{ name: "ExitPlanMode", input: { plan: "# Add a cache\n1. Measure\n2. Cache" } }, node("console.log(10)")],
  });
  const run = (await api.create({ issueId: (await makeIssue()).id, prompt: "plan first", permissions: { mode: "plan" } })).body;
  const plan = await waitForApproval(run.id);
  expect(plan).toMatchObject({ kind: "plan", summary: "Plan: Add a cache", detail: { plan: "# Add a cache\n1. Measure\n2. Cache" } });
  await approvalsApi.decide(plan.id, { decision: "allow" });
  // Out of plan mode, the command is asked for like any under "ask".
  const command = await waitFor2(run.id, plan.id);
  expect(command).toMatchObject({ kind: "tool", summary: `$ node -e "console.log(10)"` });
  await approvalsApi.decide(command.id, { decision: "allow" });
  expect(await waitForEnd(run.id)).toMatchObject({ status: "completed" });
  expect(lastToolResult("plan first")).toBe("10");
});

test("a question: its options are shown, and the person's answer reaches the model", async () => {
  const question = {
    question: "Which color?",
    header: "Color",
    multiSelect: false,
    options: [
      { label: "Red", description: "warm" },
      { label: "Blue", description: "cool" },
    ],
  };
  scriptToolTurns(suite.h.api, { "ask me": [{ name: "AskUserQuestion", input: { questions: [question] } }] });
  const run = (await api.create({ issueId: (await makeIssue()).id, prompt: "ask me" })).body;
  const approval = await waitForApproval(run.id);
  expect(approval).toMatchObject({
    kind: "question",
    summary: "Asks: Which color?",
    detail: { questions: [{ question: "Which color?", options: [{ label: "Red" }, { label: "Blue" }] }] },
  });
  await approvalsApi.decide(approval.id, { decision: "allow", answers: { "Which color?": "Blue" } });
  await waitForEnd(run.id);
  expect(lastToolResult("ask me")).toContain('"Which color?"="Blue"');
});

test("cancel while waiting: the approval is cancelled with the run", async () => {
  scriptToolTurns(suite.h.api, { "cancel me": [node("console.log(11)")] });
  const run = (await api.create({ issueId: (await makeIssue()).id, prompt: "cancel me" })).body;
  const approval = await waitForApproval(run.id);
  await api.cancel(run.id);
  expect(await waitForEnd(run.id)).toMatchObject({ status: "cancelled", waitingFor: null });
  expect((await approvalsApi.get(approval.id)).body).toMatchObject({ status: "cancelled" });
  expect((await approvalsApi.decide(approval.id, { decision: "allow" })).status).toBe(409);
});

test("two decisions at once: exactly one wins", async () => {
  scriptToolTurns(suite.h.api, { "race me": [node("console.log(12)")] });
  const run = (await api.create({ issueId: (await makeIssue()).id, prompt: "race me" })).body;
  const approval = await waitForApproval(run.id);
  const answers = await Promise.all([
    approvalsApi.decide(approval.id, { decision: "allow", decidedBy: "first" }),
    approvalsApi.decide(approval.id, { decision: "deny", decidedBy: "second" }),
  ]);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  const winner = answers.find((a) => a.status === 200)!.body;
  const done = await waitForEnd(run.id);
  expect(done.refusedActions).toBe(winner.status === "allowed" ? 0 : 1);
});

test("a run's policy is checked before anything is queued", async () => {
  const issueId = (await makeIssue()).id;
  const badRule = await api.create({ issueId, prompt: "x", permissions: { mode: "ask", allow: ["rm -rf /"] } });
  expect(badRule.status).toBe(422);
  expect(expectError(badRule).message).toContain("permissions.allow.0");
  expect(expectError(await api.create({ issueId, prompt: "x", permissions: { mode: "sometimes" } })).message).toContain("ask, edits, plan, trusted");
  expect(await prisma.execution.count({ where: { issueId } })).toBe(0);
});

/** The next pending approval of the run after `previous`. */
function waitFor2(executionId: string, previous: string) {
  return waitForApproval(executionId).then(async (first) => {
    if (first.id !== previous) return first;
    for (;;) {
      const list = await approvalsApi.list(`status=pending&executionId=${executionId}`);
      const next = list.body.approvals.find((a) => a.id !== previous);
      if (next) return next;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
}

test("from the CLI alone: run with a mode, see it in the inbox, approve it for the session, and read the decision in the log", async () => {
  const routes: RouteTable = [
    [/^\/api\/approvals\/([^/]+)$/, await import("@/app/api/approvals/[id]/route")],
    [/^\/api\/approvals$/, await import("@/app/api/approvals/route")],
    [/^\/api\/executions\/resolve$/, await import("@/app/api/executions/resolve/route")],
    [/^\/api\/executions\/([^/]+)\/events$/, await import("@/app/api/executions/[id]/events/route")],
    [/^\/api\/executions\/([^/]+)$/, await import("@/app/api/executions/[id]/route")],
    [/^\/api\/executions$/, await import("@/app/api/executions/route")],
  ];
  scriptToolTurns(suite.h.api, { "cli compute": [node("console.log(13)")] });
  const issueId = (await makeIssue()).id;
  const run = await runArbor(routes, ["run", issueId, "cli compute", "--mode", "ask", "--allow", "Bash(ls:*)", "--json"]);
  expect(run.code).toBe(0);
  const execution = JSON.parse(run.stdout) as { id: string };
  const approval = await waitForApproval(execution.id);

  const inbox = await runArbor(routes, ["inbox"]);
  expect(inbox.stdout).toContain(`⏸ ${approval.id} $ node -e "console.log(13)"`);
  expect(inbox.stdout).toContain(`arbor approve ${approval.id} [--session | --project]`);

  const approve = await runArbor(routes, ["approve", approval.id, "--session"]);
  expect(approve).toMatchObject({ code: 0, stderr: "" });
  expect(approve.stdout).toContain(`✓ ${approval.id} allowed (for this session)`);
  expect(await waitForEnd(execution.id)).toMatchObject({ status: "completed", permissions: { mode: "ask", allow: ["Bash(ls:*)"], source: "run" } });
  expect(lastToolResult("cli compute")).toBe("13");

  const show = await runArbor(routes, ["show", execution.id.slice(0, 8)]);
  expect(show.stdout).toContain(`⏸ waits for you ${approval.id}: $ node -e "console.log(13)"`);
  expect(show.stdout).toContain(`✓ ${approval.id} allowed (for this session)`);
  const again = await runArbor(routes, ["deny", approval.id]);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain("was already allowed");
  expect((await runArbor(routes, ["inbox"])).stdout).toContain("Nothing waits for you.");
});
