import * as fanOutRoute from "@/app/api/executions/fan-out/route";
import * as resolveRoute from "@/app/api/executions/resolve/route";
import * as groupRoute from "@/app/api/groups/[id]/route";
import * as pickRoute from "@/app/api/groups/[id]/pick/route";
import * as cancelRoute from "@/app/api/groups/[id]/cancel/route";
import * as issueGroupsRoute from "@/app/api/issues/[id]/groups/route";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { runArbor, type RouteTable } from "@/test/support/cli-in-process";
import { resetDb } from "@/test/support/db";
import { makeIssue } from "@/test/support/factories";
import { setEnv } from "@/test/support/route-call";

// Fan-out from the CLI (issue 26): `arbor run --agents`, `arbor group`, pick,
// cancel and `arbor groups`, against the real route handlers and database (the
// CLI's fetch routed to the handlers in-process). No runner: members stay
// queued until the test ends them in the database.

const ROUTES: RouteTable = [
  [/^\/api\/executions\/fan-out$/, fanOutRoute],
  [/^\/api\/executions\/resolve$/, resolveRoute],
  [/^\/api\/groups\/([^/]+)$/, groupRoute],
  [/^\/api\/groups\/([^/]+)\/pick$/, pickRoute],
  [/^\/api\/groups\/([^/]+)\/cancel$/, cancelRoute],
  [/^\/api\/issues\/([^/]+)\/groups$/, issueGroupsRoute],
];
const arbor = (...argv: string[]) => runArbor(ROUTES, argv);

let restoreEnv: () => void;
beforeAll(async () => {
  await resetDb();
  // The members' agent must look ready (a key for the runners), though no runner takes them here.
  restoreEnv = setEnv({ ANTHROPIC_API_KEY: "test-key" });
});
afterAll(async () => {
  restoreEnv();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

test("fan out from an issue, compare the members, pick one, list the issue's groups", async () => {
  const issue = await makeIssue({ title: "Login is broken" });
  const run = await arbor("run", issue.id, "Fix the login bug", "--agents", "claude,claude:claude-opus-test");
  expect(run).toMatchObject({ code: 0, stderr: "" });
  const members = await prisma.execution.findMany({ where: { issueId: issue.id }, orderBy: { createdAt: "asc" } });
  expect(members.map((m) => [m.agent, m.model, m.groupId])).toEqual([
    ["claude", null, "GRP-1"],
    ["claude", "claude-opus-test", "GRP-1"],
  ]);
  const [a, b] = members.map((m) => m.id.slice(0, 8));
  expect(run.stdout).toContain(`Group GRP-1 · ${issue.id} · 2 members`);
  expect(run.stdout).toMatch(new RegExp(`${a}  claude  \\(default model\\) +queued`));
  expect(run.stdout).toMatch(new RegExp(`${b}  claude  claude-opus-test +queued`));
  expect(run.stdout).toContain("compare them: http://127.0.0.1:3000/groups/GRP-1  or  arbor group GRP-1");

  // One ends, the other is still queued: side by side, then their answers (none yet).
  await prisma.execution.update({ where: { id: members[0]!.id }, data: { status: "completed", startedAt: new Date(), finishedAt: new Date() } });
  const shown = await arbor("group", "grp-1");
  expect(shown).toMatchObject({ code: 0, stderr: "" });
  expect(shown.stdout).toMatch(/id +agent +model +status +files +tokens in\/out +cost +first out +total/);
  expect(shown.stdout).toMatch(new RegExp(`${a}  claude  — +completed `));
  expect(shown.stdout).toMatch(new RegExp(`${b}  claude  claude-opus-test  queued .*next in queue`));
  expect(shown.stdout).toContain(`── ${a} claude (completed)\n  (no final answer)`);
  expect(JSON.parse((await arbor("group", "GRP-1", "--json")).stdout)).toMatchObject({ id: "GRP-1", members: [{}, {}], pickedExecutionId: null });

  // Pick by short id; the rest can still be cancelled.
  const picked = await arbor("group", "pick", "GRP-1", a!, "--note", "smallest change");
  expect(picked).toEqual({ code: 0, stderr: "", stdout: `Picked ${a} (claude) in GRP-1\n` });
  expect(await prisma.executionGroup.findUniqueOrThrow({ where: { id: "GRP-1" } })).toMatchObject({ pickedExecutionId: members[0]!.id });
  expect(await arbor("group", "cancel", "GRP-1")).toEqual({ code: 0, stderr: "", stdout: `Cancelled 1 member of GRP-1: ${b}\n` });

  const listed = await arbor("groups", issue.id);
  expect(listed.stdout).toMatch(new RegExp(`^GRP-1  .*"Fix the login bug"  claude completed, claude:claude-opus-test cancelled  ★ ${a}\\n$`));
});

test("a bad member: refused before any request in the CLI, or by the server naming the member; nothing is queued", async () => {
  const issue = await makeIssue({ title: "Dark mode" });
  const one = await arbor("run", issue.id, "Add it", "--agents", "claude");
  expect(one.code).toBe(2);
  expect(one.stderr).toContain("--agents needs at least 2 members");

  const unknown = await arbor("run", issue.id, "Add it", "--agents", "claude,no-such-agent");
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain("runs[1] (no-such-agent)");
  expect(await prisma.execution.count({ where: { issueId: issue.id } })).toBe(0);
});
