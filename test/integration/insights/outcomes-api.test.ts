import { DELETE as unmarkRoute, GET as outcomeRoute, PUT as markRoute } from "@/app/api/executions/[id]/outcome/route";
import { DELETE as unmarkSessionRoute, PUT as markSessionRoute } from "@/app/api/sessions/[id]/outcome/route";
import type { ExecutionOutcome } from "@/lib/outcomes/schema";
import { prisma } from "@/server/db";
import { getInsights } from "@/server/insights/get-insights";
import { resetDb } from "@/test/support/db";
import { apiRequest, routeParams } from "@/test/support/api";
import { makeIssue } from "@/test/support/factories";
import { addExecution, addSession, resetSessionNumbers } from "@/test/integration/insights/support/history";

// The outcomes API: marks on executions and sessions, and "preferred" among
// the lines of a branching point, with the 4xx a person gets for what cannot be.
//
//   ISSUE A:  a ─┬─ a2 (continue)
//                ├─ f (fork) ── f2 (continue)
//                └─ g (fork)
//             lone (no forks)   run (running)
//   ISSUE B:  b

type Body = ExecutionOutcome & { error?: { code: string; message: string } };

async function call(handler: typeof markRoute, method: string, id: string, body?: unknown, query = ""): Promise<{ status: number; body: Body }> {
  const response = await handler(apiRequest(method, `/api/executions/${id}/outcome${query}`, body), routeParams({ id }));
  return { status: response.status, body: (await response.json()) as Body };
}

const mark = (id: string, body: unknown) => call(markRoute, "PUT", id, body);
const outcome = (id: string, query = "") => call(outcomeRoute, "GET", id, undefined, query);
const unmark = (id: string, query = "") => call(unmarkRoute, "DELETE", id, undefined, query);

let e: Record<string, string>;

beforeAll(async () => {
  await resetDb();
  resetSessionNumbers();
  const A = (await makeIssue({ title: "A" })).id;
  const B = (await makeIssue({ title: "B" })).id;
  const at = (n: number) => `2026-06-01T10:0${n}:00Z`;
  const a = await addExecution({ issueId: A, at: at(0) });
  const a2 = await addExecution({ issueId: A, at: at(1), parent: a });
  const f = await addExecution({ issueId: A, at: at(2), forkedFrom: a });
  const f2 = await addExecution({ issueId: A, at: at(3), parent: f });
  const g = await addExecution({ issueId: A, at: at(4), forkedFrom: a });
  const lone = await addExecution({ issueId: A, at: at(5) });
  const run = await addExecution({ issueId: A, at: at(6), status: "running" });
  const b = await addExecution({ issueId: B, at: at(7) });
  e = { a, a2, f, f2, g, lone, run, b, A, B };
  e.sess = await addSession(A, [a, a2]);
});
afterAll(async () => {
  await prisma.$disconnect();
});

test("worked / failed: set, replace, clear; who and when are kept", async () => {
  const first = await mark(e.lone, { mark: "worked", note: "  tests green  ", by: "alice", via: "cli" });
  expect(first.status).toBe(200);
  expect(first.body.mark).toMatchObject({ verdict: "worked", note: "tests green", markedBy: "alice", via: "cli" });
  expect(first.body.effective).toEqual({ verdict: "worked", source: "mark" });
  const second = await mark(e.lone, { mark: "failed" });
  expect(second.body.mark).toMatchObject({ verdict: "failed", note: "", markedBy: null, via: "api" });
  expect(new Date(second.body.mark!.updatedAt) >= new Date(first.body.mark!.updatedAt)).toBe(true);
  const cleared = await unmark(e.lone);
  expect(cleared.status).toBe(200);
  expect(cleared.body.mark).toBeNull();
  expect((await unmark(e.lone)).status).toBe(200); // idempotent
});

test("a session's mark counts for its turns without their own; signals are listed", async () => {
  const response = await markSessionRoute(apiRequest("PUT", `/api/sessions/${e.sess}/outcome`, { mark: "worked" }), routeParams({ id: e.sess.toLowerCase() }));
  expect(response.status).toBe(200);
  expect((await outcome(e.a2)).body.effective).toEqual({ verdict: "worked", source: "session" });
  await mark(e.a2, { mark: "failed" });
  expect((await outcome(e.a2)).body.effective).toEqual({ verdict: "failed", source: "mark" });
  await prisma.session.update({ where: { id: e.sess }, data: { archived: true } });
  expect((await outcome(e.a)).body.signals).toEqual([{ id: "session_archived", label: "Session archived", verdict: null }]);
  await prisma.issue.update({ where: { id: e.A }, data: { status: "done" } });
  const lone = (await outcome(e.lone)).body;
  expect(lone.effective).toEqual({ verdict: "worked", source: "signal", signalId: "issue_done" });
  await prisma.issue.update({ where: { id: e.A }, data: { status: "open" } });

  const unknown = await markSessionRoute(apiRequest("PUT", "/api/sessions/SESS-99/outcome", { mark: "worked" }), routeParams({ id: "SESS-99" }));
  expect(unknown.status).toBe(404);
  const preferred = await markSessionRoute(apiRequest("PUT", `/api/sessions/${e.sess}/outcome`, { mark: "preferred" }), routeParams({ id: e.sess }));
  expect(preferred.status).toBe(422);
  expect((await preferred.json()).error.message).toContain("a session has no");
  const cleared = await unmarkSessionRoute(apiRequest("DELETE", `/api/sessions/${e.sess}/outcome`), routeParams({ id: e.sess }));
  expect(await cleared.json()).toEqual({ sessionId: e.sess, mark: null });
});

test("preferred: a fork over the original; the other lines become not chosen", async () => {
  const chosen = await mark(e.f2, { mark: "preferred", note: "cleaner diff" });
  expect(chosen.status).toBe(200);
  expect(chosen.body.preferences).toEqual([
    expect.objectContaining({ branchPointId: e.a, preferredExecutionId: e.f, state: "preferred", note: "cleaner diff" }),
  ]);
  expect((await outcome(e.a2)).body.preferences).toEqual([expect.objectContaining({ branchPointId: e.a, state: "not_chosen" })]);
  expect((await outcome(e.g)).body.preferences).toEqual([expect.objectContaining({ state: "not_chosen" })]);
  expect((await outcome(e.f)).body.branchPoint).toEqual({ id: e.a, line: "fork" });

  // The original over a fork, named explicitly: replaces the choice at that point.
  const original = await mark(e.a2, { mark: "preferred", over: e.g.toUpperCase() });
  expect(original.status).toBe(200);
  const pref = await prisma.forkPreference.findUniqueOrThrow({ where: { branchPointId: e.a } });
  expect(pref.preferredExecutionId).toBe(e.a);
  expect((await outcome(e.f2)).body.preferences[0].state).toBe("not_chosen");
  expect((await outcome(e.a, `?over=${e.g}`)).body.over).toEqual({ executionId: e.g, branchPointId: e.a, reason: null });

  const insights = await getInsights({ since: "all" });
  expect(insights.ok && insights.value.metrics.forkPreference).toMatchObject({ count: 0, of: 1, originalChosen: 1 });

  const cleared = await unmark(e.a2, "?mark=preferred");
  expect(cleared.body.preferences).toEqual([]);
  expect(await prisma.forkPreference.count()).toBe(0);
});

test("what cannot be marked gets a 4xx that says why", async () => {
  const running = await mark(e.run, { mark: "worked" });
  expect(running.status).toBe(409);
  expect(running.body.error!.message).toBe(`Execution ${e.run} is running: mark it once it has finished`);
  expect((await mark(e.run, { mark: "preferred" })).status).toBe(409);

  const lone = await mark(e.lone, { mark: "preferred" });
  expect(lone.status).toBe(422);
  expect(lone.body.error!.message).toContain("is not at a branching point");

  const otherIssue = await mark(e.f, { mark: "preferred", over: e.b });
  expect(otherIssue.status).toBe(422);
  expect(otherIssue.body.error!.message).toContain(`belongs to ${e.A} and ${e.b} to ${e.B}`);

  const sameLine = await mark(e.f2, { mark: "preferred", over: e.f });
  expect(sameLine.status).toBe(422);
  expect(sameLine.body.error!.message).toContain("are not alternatives");
  expect((await outcome(e.f2, `?over=${e.lone}`)).body.over).toMatchObject({ branchPointId: null, reason: expect.stringContaining("not alternatives") });

  expect((await mark(e.f, { mark: "preferred", over: e.f })).status).toBe(422);
  expect((await mark(e.a, { mark: "worked", over: e.f })).body.error!.message).toBe('over: "over" only goes with the mark "preferred"');
  expect((await mark(e.a, { mark: "great" })).status).toBe(422);
  expect((await mark(e.a, { mark: "worked", colour: "red" })).body.error!.message).toContain("Unknown field: colour");
  expect((await mark(e.a, { mark: "worked", note: "x".repeat(2001) })).status).toBe(422);
  expect((await mark(e.a, { mark: "preferred", over: "not-an-id" })).status).toBe(422);
  expect((await mark(e.a, { mark: "preferred", over: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
  expect((await mark("00000000-0000-4000-8000-000000000000", { mark: "worked" })).status).toBe(404);
  expect((await mark("nope", { mark: "worked" })).status).toBe(404);
  expect((await unmark(e.a, "?mark=everything")).status).toBe(422);
  expect((await outcome(e.a, "?colour=red")).status).toBe(422);
  const badJson = await markRoute(apiRequest("PUT", `/api/executions/${e.a}/outcome`, "{"), routeParams({ id: e.a }));
  expect(badJson.status).toBe(400);
});

test("marks move the numbers Insights reports", async () => {
  const count = async () => {
    const r = await getInsights({ since: "all" });
    if (!r.ok) throw new Error(r.error.message);
    return [r.value.outcomes.worked, r.value.outcomes.failed];
  };
  const before = await count();
  await mark(e.b, { mark: "worked" });
  expect(await count()).toEqual([before[0] + 1, before[1]]);
  await mark(e.b, { mark: "failed" });
  expect(await count()).toEqual([before[0], before[1] + 1]);
});
