import type { InsightsDto, Ratio } from "@/lib/insights/schema";
import { prisma } from "@/server/db";
import { getInsights } from "@/server/insights/get-insights";
import { listFilteredExecutions } from "@/server/insights/list-filtered-executions";
import { resetDb } from "@/test/support/db";
import { makeIssue, makeSpec } from "@/test/support/factories";
import { addExecution, addSession, resetSessionNumbers } from "@/test/integration/insights/support/history";

// Each metric's SQL against a small history whose numbers are worked out by
// hand below. Issue A (done, in SPEC-1) and issue B (open, no spec), March 2026:
//
//   e1 A 03-02 claude   completed  new                    session, captured after 1000 ms   SESS-1 (archived, marked worked)
//   e2 A 03-02 claude   completed  continue of e1         session, 3000 ms                  SESS-1, own mark: failed
//   e3 A 03-03 claude   failed     fork of e1             no session (session_not_found: a failed resume)
//   e4 A 03-03 claude   completed  fork of e1             session, 2000 ms   — chosen over the original at e1
//   e5 B 03-04 claude   failed     new                    session, capture time not recorded; agent_error; marked worked
//   e6 B 03-04 command  completed  new                    no session (the command agent has none)
//   e7 B 03-05 claude   running    new                    session, 500 ms
//   e8 B 03-05 claude   cancelled  new                    no session
//   e9 B 02-01 claude   completed  new                    (before the range)

let ids: Record<string, string>;
let issueA: string;
let issueB: string;
let insights: InsightsDto;
const RANGE = { from: "2026-03-01", to: "2026-03-14" };

beforeAll(async () => {
  await resetDb();
  resetSessionNumbers();
  const spec1 = await makeSpec({ title: "Sign-in", body: "We chose the approach of [[SESS-1]]." });
  await makeSpec({ title: "Billing", body: "No sessions cited here." });
  await prisma.$executeRaw`UPDATE specs SET created_at = '2026-03-01T00:00:00Z'`;
  await prisma.$executeRaw`UPDATE entity_references SET created_at = '2026-03-01T00:00:00Z'`;
  issueA = (await makeIssue({ title: "A", specId: spec1.id })).id;
  issueB = (await makeIssue({ title: "B" })).id;
  await prisma.issue.update({ where: { id: issueA }, data: { status: "done" } });

  const e1 = await addExecution({
    issueId: issueA,
    at: "2026-03-02T10:00:00Z",
    captureMs: 1000,
    input: 100,
    output: 10,
    cacheRead: 50,
    cost: 0.1,
    turns: 3,
    model: "sonnet",
    tools: ["Bash", "Edit"],
  });
  const e1Session = (await prisma.execution.findUniqueOrThrow({ where: { id: e1 } })).sessionId;
  const e2 = await addExecution({
    issueId: issueA,
    at: "2026-03-02T11:00:00Z",
    parent: e1,
    session: e1Session,
    captureMs: 3000,
    input: 200,
    output: 20,
    cost: 0.2,
    turns: 1,
    model: "sonnet",
    tools: ["Bash"],
  });
  const e3 = await addExecution({
    issueId: issueA,
    at: "2026-03-03T10:00:00Z",
    status: "failed",
    forkedFrom: e1,
    session: null,
    errorCode: "session_not_found",
  });
  const e4 = await addExecution({
    issueId: issueA,
    at: "2026-03-03T11:00:00Z",
    forkedFrom: e1,
    captureMs: 2000,
    input: 300,
    output: 30,
    cost: 0.3,
    turns: 8,
    model: "opus",
    tools: ["Read"],
  });
  const e5 = await addExecution({ issueId: issueB, at: "2026-03-04T10:00:00Z", status: "failed", errorCode: "agent_error", input: 400, output: 40, cost: 0.4 });
  const e6 = await addExecution({ issueId: issueB, at: "2026-03-04T11:00:00Z", agent: "command", session: null });
  const e7 = await addExecution({ issueId: issueB, at: "2026-03-05T10:00:00Z", status: "running", captureMs: 500 });
  const e8 = await addExecution({ issueId: issueB, at: "2026-03-05T11:00:00Z", status: "cancelled", session: null });
  const e9 = await addExecution({ issueId: issueB, at: "2026-02-01T10:00:00Z" });
  ids = { e1, e2, e3, e4, e5, e6, e7, e8, e9 };

  const sess1 = await addSession(issueA, [e1, e2], { archived: true });
  await addSession(issueA, [e4]);
  await prisma.sessionMark.create({ data: { sessionId: sess1, verdict: "worked", via: "cli" } });
  await prisma.executionMark.create({ data: { executionId: e2, verdict: "failed", via: "web" } });
  await prisma.executionMark.create({ data: { executionId: e5, verdict: "worked", via: "web" } });
  await prisma.forkPreference.create({ data: { branchPointId: e1, preferredExecutionId: e4, via: "web" } });

  const result = await getInsights(RANGE, { now: new Date("2026-04-01T00:00:00Z") });
  if (!result.ok) throw new Error(result.error.message);
  insights = result.value;
});

afterAll(async () => {
  await prisma.$disconnect();
});

const ratio = (r: Ratio) => [r.count, r.of];

test("scope: the range's executions, day buckets", () => {
  expect(insights.empty).toBe(false);
  expect(insights.totals).toEqual({ executions: 8, finished: 6, completed: 4, running: 1 });
  expect(insights.scope).toMatchObject({ from: "2026-03-01T00:00:00.000Z", to: "2026-03-15T00:00:00.000Z", bucket: "day" });
  expect(insights.series.map((p) => p.bucket)).toHaveLength(14);
  expect(insights.series.slice(1, 5).map((p) => p.executions)).toEqual([2, 2, 2, 2]);
});

test("session-id capture: finished runs of agents with sessions (e1–e5), captured in e1, e2, e4, e5", () => {
  expect(ratio(insights.metrics.sessionCapture)).toEqual([4, 5]);
  expect(insights.metrics.sessionCapture.value).toBeCloseTo(0.8);
  expect(insights.series[1].captureRate).toBe(1); // 03-02: e1, e2
  expect(insights.series[2].captureRate).toBe(0.5); // 03-03: e4 of e3, e4
  expect(insights.series[0].captureRate).toBeNull(); // 03-01: nothing to measure, not 0 %
});

test("time to session id: p50 / p95 over the runs that recorded it (500, 1000, 2000, 3000 ms)", () => {
  const t = insights.metrics.timeToSession;
  expect({ timed: t.timed, captured: t.captured }).toEqual({ timed: 4, captured: 5 });
  expect(t.p50Ms).toBeCloseTo(1500);
  expect(t.p95Ms).toBeCloseTo(2850);
  expect(insights.series[1].timeToSessionP50Ms).toBeCloseTo(2000);
});

test("resume success: finished continues and forks (e2, e3, e4); the failed resume e3 lost", () => {
  expect(ratio(insights.metrics.resumeSuccess)).toEqual([2, 3]);
  expect(ratio(insights.metrics.continuations)).toEqual([1, 8]);
  expect(ratio(insights.metrics.forks)).toEqual([2, 8]);
});

test("fork preference: the fork e4 was chosen over the original at e1", () => {
  expect(insights.metrics.forkPreference).toMatchObject({ count: 1, of: 1, value: 1, originalChosen: 0, undecided: 0 });
  expect(insights.series[1].forkChosen).toBe(1);
});

test("specs citing sessions: SPEC-1 of 2", () => {
  expect(insights.metrics.specsCitingSessions).toMatchObject({ count: 1, of: 2, value: 0.5, sessionsCited: 1 });
});

test("outcomes: marks beat the session's mark, which beats signals", () => {
  // e1 worked (SESS-1's mark), e2 failed (its own), e4 worked (issue done), e5 worked (its own); the rest unjudged.
  expect(insights.outcomes).toMatchObject({ judged: 4, worked: 3, failed: 1, unjudged: 4 });
  const bySource = Object.fromEntries(insights.outcomes.bySource.map((s) => [s.source, [s.worked, s.failed]]));
  expect(bySource).toEqual({ mark: [1, 1], session: [1, 0], issue_done: [1, 0] });
  const signals = Object.fromEntries(insights.outcomes.signals.map((s) => [s.id, s.count]));
  expect(signals).toEqual({ issue_done: 3, session_archived: 2, actions_refused: 0 });
});

test("a completed run the agent was refused actions in is neither completed nor worked, even on a done issue", async () => {
  const refused = await addExecution({ issueId: issueA, at: "2026-05-02T10:00:00Z" });
  const clean = await addExecution({ issueId: issueA, at: "2026-05-02T11:00:00Z" });
  await prisma.execution.update({ where: { id: refused }, data: { refusedActions: 2 } });
  const result = await getInsights({ from: "2026-05-01", to: "2026-05-14" }, { now: new Date("2026-06-01T00:00:00Z") });
  if (!result.ok) throw new Error(result.error.message);
  expect(result.value.totals).toMatchObject({ executions: 2, finished: 2, completed: 1 });
  expect(result.value.outcomes).toMatchObject({ judged: 1, worked: 1 });
  const signals = Object.fromEntries(result.value.outcomes.signals.map((s) => [s.id, s.count]));
  expect(signals).toMatchObject({ issue_done: 1, actions_refused: 1 });
  await prisma.execution.deleteMany({ where: { id: { in: [refused, clean] } } });
});

test("success per agent and per approach, with counts", () => {
  const agent = insights.breakdowns.find((b) => b.id === "agent")!;
  expect(agent.rows.map((r) => [r.key, r.executions, r.finished, r.completed, r.judged, r.worked])).toEqual([
    ["claude", 7, 5, 3, 4, 3],
    ["command", 1, 1, 1, 0, 0],
  ]);
  expect(agent.rows[1].workedRate).toBeNull();
  const lineage = insights.breakdowns.find((b) => b.id === "lineage")!;
  expect(lineage.rows.map((r) => [r.key, r.executions, r.worked, r.judged])).toEqual([
    ["new", 5, 2, 2],
    ["continue", 1, 0, 1],
    ["fork", 2, 1, 1],
  ]);
  const tools = insights.breakdowns.find((b) => b.id === "tool")!;
  expect(tools.rows.map((r) => [r.key, r.executions])).toEqual([
    ["Bash", 2],
    ["Edit", 1],
    ["Read", 1],
  ]);
  const model = insights.breakdowns.find((b) => b.id === "model")!;
  expect(model.rows.map((r) => [r.key, r.label, r.executions])).toEqual([
    [null, "not reported", 5],
    ["sonnet", "sonnet", 2],
    ["opus", "opus", 1],
  ]);
  const turns = insights.breakdowns.find((b) => b.id === "turns")!;
  expect(turns.rows.map((r) => [r.key, r.executions])).toEqual([
    ["1", 1],
    ["2-5", 1],
    ["6-20", 1],
    [null, 5],
  ]);
  const spec = insights.breakdowns.find((b) => b.id === "spec")!;
  expect(spec.rows.map((r) => [r.label, r.executions])).toEqual([
    ["no spec", 4],
    [expect.stringMatching(/^SPEC-1 · Sign-in$/), 4],
  ]);
});

test("tokens and cost: sums over what was recorded; cache reads recorded by one run only", () => {
  expect(insights.tokens).toEqual([
    { id: "inputTokens", label: "Input tokens", total: 1000, recorded: 4, of: 8 },
    { id: "outputTokens", label: "Output tokens", total: 100, recorded: 4, of: 8 },
    { id: "cacheReadTokens", label: "Cache-read tokens", total: 50, recorded: 1, of: 8 },
  ]);
  expect(insights.costUsd.total).toBeCloseTo(1.0);
  expect(insights.series[1].tokens).toEqual({ inputTokens: 300, outputTokens: 30, cacheReadTokens: 50 });
  expect(insights.series[2].tokens.cacheReadTokens).toBeNull(); // not recorded, not 0
  expect(insights.usage.keys.map((k) => k.key)).toEqual(["claude"]);
  expect(insights.usage.points[1].values).toEqual({ claude: 330 });
});

test("failure reasons ranked", () => {
  expect(insights.failures.total).toBe(2);
  expect(insights.failures.rows.map((r) => [r.code, r.count, r.share])).toEqual([
    ["agent_error", 1, 0.5],
    ["session_not_found", 1, 0.5],
  ]);
});

test("every number links to exactly the executions it counted", async () => {
  const list = async (drill: Record<string, string>) => {
    const result = await listFilteredExecutions({ ...drill, limit: "200" });
    if (!result.ok) throw new Error(`${JSON.stringify(drill)}: ${result.error.message}`);
    return result.value;
  };
  const m = insights.metrics;
  for (const r of [m.sessionCapture, m.resumeSuccess, m.continuations, m.forks, m.forkPreference]) {
    expect((await list(r.drill)).total).toBe(r.count);
    expect((await list(r.ofDrill)).total).toBe(r.of);
  }
  expect((await list(m.timeToSession.drill)).total).toBe(m.timeToSession.timed);
  const capturedIds = (await list(m.sessionCapture.drill)).items.map((e) => e.id).sort();
  expect(capturedIds).toEqual([ids.e1, ids.e2, ids.e4, ids.e5].sort());
  for (const b of insights.breakdowns) {
    for (const row of b.rows) {
      expect((await list(row.drill)).total).toBe(row.executions);
      expect((await list(row.workedDrill)).total).toBe(row.worked);
      expect((await list(row.judgedDrill)).total).toBe(row.judged);
    }
  }
  for (const f of insights.failures.rows) expect((await list(f.drill)).total).toBe(f.count);
  for (const s of insights.outcomes.signals) expect((await list(s.drill)).total).toBe(s.count);
  expect((await list(insights.outcomes.drill.worked)).total).toBe(3);
  expect((await list(insights.outcomes.drill.unjudged)).total).toBe(4);
  expect((await list(insights.scope.drill)).total).toBe(8);
});

test("filters: an issue, a spec, an agent, a session", async () => {
  const at = { now: new Date("2026-04-01T00:00:00Z") };
  const byIssue = await getInsights({ ...RANGE, issue: issueB.toLowerCase() }, at);
  expect(byIssue.ok && byIssue.value.totals.executions).toBe(4);
  expect(byIssue.ok && byIssue.value.scope.filters).toEqual({ issue: issueB });
  const bySpec = await getInsights({ ...RANGE, spec: "SPEC-1" }, at);
  expect(bySpec.ok && [bySpec.value.totals.executions, bySpec.value.metrics.specsCitingSessions.of]).toEqual([4, 1]);
  const byAgent = await getInsights({ ...RANGE, agent: "command" }, at);
  expect(byAgent.ok && byAgent.value.metrics.sessionCapture.of).toBe(0);
  expect(byAgent.ok && byAgent.value.metrics.sessionCapture.value).toBeNull();
  const bySession = await getInsights({ ...RANGE, session: "SESS-1" }, at);
  expect(bySession.ok && bySession.value.totals.executions).toBe(2);
  const allTime = await getInsights({ since: "all" }, at);
  expect(allTime.ok && allTime.value.totals.executions).toBe(9);
});

test("filters: a project (the issue's), or the default workspace; an unknown project is a 404", async () => {
  const at = { now: new Date("2026-04-01T00:00:00Z") };
  await prisma.project.create({ data: { id: "PROJ-1", number: 1, name: "shop", path: "/nowhere/shop", isGitRepo: false } });
  await prisma.issue.update({ where: { id: issueA }, data: { projectId: "PROJ-1" } });
  try {
    const byProject = await getInsights({ ...RANGE, project: "proj-1" }, at);
    expect(byProject.ok && [byProject.value.totals.executions, byProject.value.scope.filters]).toEqual([4, { project: "PROJ-1" }]);
    const byDefault = await getInsights({ ...RANGE, project: "default" }, at);
    expect(byDefault.ok && byDefault.value.totals.executions).toBe(4);
    const unknown = await getInsights({ ...RANGE, project: "PROJ-9" }, at);
    expect(unknown.ok ? null : [unknown.error.code, unknown.error.message]).toEqual(["not_found", "Project PROJ-9 not found"]);
  } finally {
    await prisma.issue.update({ where: { id: issueA }, data: { projectId: null } });
    await prisma.project.delete({ where: { id: "PROJ-1" } });
  }
});

test("an empty history is reported as empty, with rates null rather than 0", async () => {
  const result = await getInsights({ from: "2025-01-01", to: "2025-01-31" }, { now: new Date("2026-04-01T00:00:00Z") });
  if (!result.ok) throw new Error(result.error.message);
  expect(result.value.empty).toBe(true);
  expect(result.value.metrics.sessionCapture.value).toBeNull();
  expect(result.value.metrics.timeToSession.p50Ms).toBeNull();
  expect(result.value.tokens.every((t) => t.total === null)).toBe(true);
  expect(result.value.series.every((p) => p.captureRate === null && p.executions === 0)).toBe(true);
});
