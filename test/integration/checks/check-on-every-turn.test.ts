import * as checkRoute from "@/app/api/executions/[id]/check/route";
import type { ExecutionCheck, ExecutionDto } from "@/lib/executions/schema";
import { executionCheckSchema } from "@/lib/executions/schema";
import type { Project } from "@/lib/projects/schema";
import { randomUUID } from "node:crypto";
import type { CheckResult } from "@/lib/executions/schema";
import { prisma } from "@/server/db";
import { getWorkerUtils } from "@/server/queue/worker-utils";
import { sweepDeadRunners } from "@/server/runner/process/recover-executions";
import { getInsights } from "@/server/insights/get-insights";
import { updateProject } from "@/server/projects/update-project";
import { expectError, send } from "@/test/support/api";
import { api, waitForDto, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { isToolResultTurn, lastUserText, type RecordedRequest } from "@/test/support/messages-api";
import { gitProject } from "@/test/support/worktree-runs";

// Issue 25, a check on every turn, with the real Claude CLI, real git and the
// runner: the project's check runs on each turn's snapshot in its worktree,
// fails, is carried into "Continue with the failure" (the agent fixes it), then
// passes; a turn that changed nothing reuses the result; a check that hangs is
// stopped at its limit and one that floods its output is stored bounded.

jest.setTimeout(180_000);

/** A turn that runs one Bash command, answered by the command's name once it ran. */
const bash = (command: string) => (request: RecordedRequest) =>
  isToolResultTurn(request)
    ? { kind: "text" as const, text: `ran ${command.split(" ")[0]}` }
    : { kind: "tool_use" as const, calls: [{ name: "Bash", input: { command, description: "Work" } }] };

const suite = useRunningHarness({
  script: (standIn) => {
    standIn.on("write the feature", bash("printf 'feature\\n' > feature.txt && echo feature written"));
    // The failing check's output names what is missing; the agent makes it.
    standIn.on("missing ok.txt", bash("touch ok.txt && echo ok.txt made for missing ok.txt"));
  },
});

let project: Project;
let issueId: string;
beforeAll(async () => {
  project = await gitProject(suite.h.projects, "app", { "README.md": "# app\n" });
  const set = await updateProject(project.id, {
    checkCommand: "test -f ok.txt && echo all good || { echo 'missing ok.txt' >&2; exit 1; }",
    checkTimeoutSeconds: 30,
  });
  if (!set.ok) throw new Error(set.error.message);
  issueId = (await makeIssue({ title: "Feature", projectId: project.id })).id;
});

const getCheck = (id: string) => send<ExecutionCheck>(checkRoute.GET, { id, path: `/api/executions/${id}/check` });
const checked = (id: string) => waitForDto(id, (e) => e.check !== null && e.check.status !== "running", "its check", 60_000);

test("a turn's check fails, Continue with the failure carries its output, the fix passes, an idle turn reuses the result", async () => {
  const created = await api.create({ issueId, prompt: "write the feature" });
  expect(created.status).toBe(201);
  expect(await waitForEnd(created.body.id)).toMatchObject({ status: "completed" });
  const first = await checked(created.body.id);
  expect(first.check).toMatchObject({
    status: "failed",
    exitCode: 1,
    command: expect.stringContaining("test -f ok.txt"),
    snapshotSha: first.worktree!.snapshotSha,
  });
  expect(first.check!.summary).toMatch(/^failed \(exit 1\) in .*: missing ok\.txt$/);
  const output = await getCheck(first.id);
  expect(executionCheckSchema.parse(output.body)).toEqual(output.body);
  expect(output.body.output).toEqual([{ stream: "stderr", text: "missing ok.txt" }]);

  // Continue with the failure: the agent reads the check's output and fixes it; the check passes.
  const fix = await api.followUp("continue", first.id, { withCheck: true, prompt: "and say so" });
  expect(fix.status).toBe(201);
  expect(fix.body.prompt).toContain("`test -f ok.txt");
  expect(fix.body.prompt).toContain("missing ok.txt");
  expect(fix.body.prompt.endsWith("and say so")).toBe(true);
  expect(await waitForEnd(fix.body.id)).toMatchObject({ status: "completed" });
  const fixed = await checked(fix.body.id);
  expect(fixed.check).toMatchObject({ status: "passed", exitCode: 0, reusedFromExecutionId: null });
  expect(suite.h.api.requests.some((r) => lastUserText(r).includes("missing ok.txt") && !isToolResultTurn(r))).toBe(true);

  // A turn that changes nothing: the same snapshot, the result reused (not run again).
  const idle = await api.continue(fix.body.id, "just say hi");
  expect(await waitForEnd(idle.body.id)).toMatchObject({ status: "completed" });
  const reused = await checked(idle.body.id);
  expect(reused.worktree!.snapshotSha).toBe(fixed.worktree!.snapshotSha);
  expect(reused.check).toMatchObject({ status: "passed", reusedFromExecutionId: fix.body.id });

  // Nothing to continue with: a passed check is a 409 naming why.
  const refused = await api.followUp("continue", fix.body.id, { withCheck: true });
  expect(refused.status).toBe(409);
  expect(expectError(refused).message).toMatch(/check passed/);
  // The tree carries each node's check.
  const tree = await api.sessionTree(issueId);
  const nodes: ExecutionDto[] = [];
  const walk = (n: (typeof tree.body.roots)[number]) => {
    nodes.push(n);
    n.children.forEach(walk);
  };
  tree.body.roots.forEach(walk);
  expect(nodes.map((n) => n.check?.status)).toEqual(["failed", "passed", "passed"]);

  // Insights: the pass rate, and per lineage whether continuing helped.
  const insights = await getInsights({ since: "all" });
  if (!insights.ok) throw new Error(insights.error.message);
  expect(insights.value.checks).toMatchObject({ checked: 3, passed: 2 });
  expect(insights.value.checks.byLineage).toEqual(
    expect.arrayContaining([
      { key: "new", checked: 1, passed: 0, passRate: 0 },
      { key: "continue", checked: 2, passed: 2, passRate: 1 },
    ]),
  );
  expect(insights.value.checks.byAgent).toEqual([{ key: "claude", checked: 3, passed: 2, passRate: 2 / 3 }]);
});

test("a check that hangs is stopped at its limit and the runner goes on; one that floods its output is stored bounded", async () => {
  // A check that leaves a process behind holding its output (a server it forgot) ends when the check does.
  await updateProject(project.id, { checkCommand: "sleep 60 & echo backgrounded", checkTimeoutSeconds: 30 });
  const left = await api.create({ issueId, prompt: "write the feature anew" });
  const leftBehind = await checked(left.body.id);
  expect(leftBehind.check).toMatchObject({ status: "passed", exitCode: 0 });
  expect(leftBehind.check!.durationMs).toBeLessThan(10_000);

  const hang = await updateProject(project.id, { checkCommand: ["sh", "-c", "echo started; sleep 60"], checkTimeoutSeconds: 1 });
  expect(hang.ok).toBe(true);
  const run = await api.create({ issueId, prompt: "write the feature again" });
  const timedOut = await checked(run.body.id);
  expect(timedOut.check).toMatchObject({ status: "timed_out", exitCode: null, command: "sh -c echo started; sleep 60" });
  expect(timedOut.check!.durationMs).toBeLessThan(10_000);
  expect((await getCheck(run.body.id)).body.output).toEqual([{ stream: "stdout", text: "started" }]);

  await updateProject(project.id, {
    checkCommand: "printf 'nul\\0here\\n'; head -c 3000000 /dev/zero | tr '\\0' x | fold -w 100; exit 3",
    checkTimeoutSeconds: 60,
  });
  const flood = await api.create({ issueId, prompt: "write the feature once more" });
  const flooded = await checked(flood.body.id);
  expect(flooded.check).toMatchObject({ status: "failed", exitCode: 3 });
  const stored = (await getCheck(flood.body.id)).body;
  expect(stored.droppedBytes).toBeGreaterThan(0);
  expect(stored.output.length + stored.omittedLines).toBeGreaterThan(15_000);
  expect(stored.output.at(-1)!.text).toBe("x".repeat(100));
  // A NUL in the output (PostgreSQL cannot store it) is kept as U+FFFD.
  const all = await prisma.executionEvent.findFirst({ where: { executionId: flood.body.id, stream: "check", kind: "output" }, orderBy: { seq: "asc" } });
  expect(all?.payload).toEqual({ text: "nul\uFFFDhere", stream: "stdout" });
});

test("a check whose runner was lost does not stay running: it is an error, and is not reused", async () => {
  const stale = new Date(Date.now() - 10 * 60_000);
  await prisma.runner.create({ data: { id: "lost-checker", hostname: "elsewhere", pid: 1, startedAt: stale, heartbeatAt: stale, bootId: "b1" } });
  const running: CheckResult = {
    status: "running",
    exitCode: null,
    durationMs: null,
    summary: "running npm test",
    command: "npm test",
    snapshotSha: "a".repeat(40),
    reusedFromExecutionId: null,
    startedAt: stale.toISOString(),
  };
  const row = await prisma.execution.create({
    data: { id: randomUUID(), issueId, agent: "claude", prompt: "x", cwd: "/tmp", status: "completed", runnerId: "lost-checker", check: running },
  });
  await sweepDeadRunners(await getWorkerUtils());
  const after = (await api.get(row.id)).body;
  expect(after.check).toMatchObject({ status: "error", summary: "could not finish: the runner running it was lost" });
});
