import { prisma } from "@/server/db";
import { ensureSessionOf, recordSessionCapture } from "@/server/sessions/record-session-capture";
import { WATCH_DAYS } from "@/server/sessions/session-health";
import { expectError } from "@/test/support/api";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { waitFor } from "@/test/support/wait";
import { sessionsApi } from "@/test/support/sessions-api";

// Sessions are created by the runner the moment the real Claude Code CLI
// reports its session id; Continue adds turns to the Session, Fork starts a
// new one linked to its parent session and the execution it branched at.

jest.setTimeout(120_000);

const suite = useRunningHarness();

const counter = async () => (await prisma.counter.findUnique({ where: { name: "session" } }))?.value ?? 0;

let issueId: string;
let firstId: string;
let secondId: string;
let forkId: string;

test("a run creates SESS-1 as soon as the agent reports its session id, titled after the prompt", async () => {
  issueId = (await makeIssue({ title: "Sessions everywhere" })).id;
  const prompt = `first turn: ${"explain the session model in great detail ".repeat(4)}`;
  const held = suite.standIn.hold("first turn:");
  const created = await api.create({ issueId, prompt });
  expect(created.status).toBe(201);
  firstId = created.body.id;
  expect(created.body.managedSessionId).toBeNull();

  // While the model has not answered yet, the Session already exists.
  await held.arrived;
  const live = await waitFor(async () => {
    const got = await api.get(firstId);
    return got.body.managedSessionId ? got.body : undefined;
  }, "the execution to join a session");
  expect(live.status).toBe("running");
  expect(live.managedSessionId).toBe("SESS-1");
  const whileRunning = await sessionsApi.get("SESS-1");
  expect(whileRunning.status).toBe(200);
  expect(whileRunning.body).toMatchObject({
    id: "SESS-1",
    number: 1,
    agent: "claude",
    agentSessionId: live.sessionId,
    issueId,
    issue: { id: issueId, title: "Sessions everywhere" },
    archived: false,
    parentSessionId: null,
    forkedFromExecutionId: null,
    latestStatus: "running",
  });
  expect(whileRunning.body.title.length).toBeLessThanOrEqual(80);
  expect(whileRunning.body.title).toMatch(/^first turn: explain the session model.*…$/);
  held.release();

  const done = await waitForEnd(firstId);
  expect(done).toMatchObject({ status: "completed", managedSessionId: "SESS-1" });
  const session = (await sessionsApi.get("sess-1")).body; // refs are case-insensitive
  expect(session.executions.map((e) => e.id)).toEqual([firstId]);
  expect(session.headExecutionId).toBe(firstId);
  expect(session.totals.executionCount).toBe(1);
  expect(session.totals.outputTokens).toBeGreaterThan(0);
  expect(session.expiry).toMatchObject({ retentionDays: 30, mayHaveExpired: false });
  expect(await counter()).toBe(1);
});

test("Continue appends the next turn to the same session", async () => {
  const cont = await api.continue(firstId, "second turn: keep going");
  expect(cont.status).toBe(201);
  secondId = cont.body.id;
  // A Continue belongs to the session from the moment it is queued.
  expect(cont.body.managedSessionId).toBe("SESS-1");
  await waitForEnd(secondId);

  const session = (await sessionsApi.get("SESS-1")).body;
  expect(session.executions.map((e) => e.id)).toEqual([firstId, secondId]);
  expect(session.headExecutionId).toBe(secondId);
  expect(session.totals.executionCount).toBe(2);
  expect(session.latestStatus).toBe("completed");
  expect(await counter()).toBe(1);
  expect(await prisma.session.count()).toBe(1);
});

test("Fork creates a new session linked to its parent session and the execution it branched from", async () => {
  const fork = await api.fork(firstId, "third turn: another way");
  expect(fork.status).toBe(201);
  forkId = fork.body.id;
  expect(fork.body.managedSessionId).toBeNull();
  const done = await waitForEnd(forkId);
  expect(done).toMatchObject({ status: "completed", managedSessionId: "SESS-2" });

  const child = (await sessionsApi.get("SESS-2")).body;
  expect(child).toMatchObject({
    id: "SESS-2",
    agentSessionId: done.sessionId,
    parentSessionId: "SESS-1",
    forkedFromExecutionId: firstId,
    parentSession: { id: "SESS-1" },
    title: "third turn: another way",
    headExecutionId: forkId,
  });
  expect(child.executions.map((e) => e.id)).toEqual([forkId]);
  const parent = (await sessionsApi.get("SESS-1")).body;
  expect(parent.childSessions).toEqual([expect.objectContaining({ id: "SESS-2", forkedFromExecutionId: firstId })]);
  expect(parent.executions.map((e) => e.id)).toEqual([firstId, secondId]);

  const list = (await sessionsApi.list()).body.items;
  expect(list.map((s) => s.id)).toEqual(["SESS-2", "SESS-1"]); // most recently active first
});

test("capture is idempotent and race-safe: one session, no SESS number spent", async () => {
  const results = await Promise.all(Array.from({ length: 6 }, () => recordSessionCapture(secondId)));
  expect(new Set(results)).toEqual(new Set(["SESS-1"]));
  const forks = await Promise.all(Array.from({ length: 6 }, () => recordSessionCapture(forkId)));
  expect(new Set(forks)).toEqual(new Set(["SESS-2"]));
  expect(await prisma.session.count()).toBe(2);
  expect(await counter()).toBe(2);
});

test("SESS ids are never reused", async () => {
  // Even if a session row disappeared, its number is not handed out again.
  await prisma.session.delete({ where: { id: "SESS-2" } });
  expect((await prisma.execution.findUniqueOrThrow({ where: { id: forkId } })).managedSessionId).toBeNull();
  expect(await recordSessionCapture(forkId)).toBe("SESS-3");
  expect((await sessionsApi.get("SESS-2")).status).toBe(404);
  const recreated = (await sessionsApi.get("SESS-3")).body;
  expect(recreated).toMatchObject({ parentSessionId: "SESS-1", forkedFromExecutionId: firstId });
  expect(recreated.executions.map((e) => e.id)).toEqual([forkId]);
});

test("executions that have a session id but no session get one on the capture path (backfill)", async () => {
  const legacyIssue = (await makeIssue({ title: "From before sessions" })).id;
  const at = new Date(Date.now() - 3_600_000);
  const legacy = await prisma.execution.create({
    data: {
      id: crypto.randomUUID(),
      issueId: legacyIssue,
      agent: "claude",
      prompt: "an old   run\nfrom before",
      cwd: suite.h.workspace,
      status: "completed",
      targetSessionId: "legacy-session",
      sessionId: "legacy-session",
      createdAt: at,
      startedAt: at,
      finishedAt: at,
    },
  });
  const later = await prisma.execution.create({
    data: {
      ...{ issueId: legacyIssue, agent: "claude", cwd: suite.h.workspace, status: "completed" as const },
      id: crypto.randomUUID(),
      prompt: "later turn",
      targetSessionId: "legacy-session",
      sessionId: "legacy-session",
      parentExecutionId: legacy.id,
      createdAt: new Date(),
      startedAt: new Date(),
      finishedAt: new Date(),
    },
  });
  // Several processes capturing the same new session at once: one insert wins, the others
  // roll back (giving their SESS number back) and join it.
  const before = await counter();
  const racing = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? ensureSessionOf(later.id) : recordSessionCapture(legacy.id))));
  expect(new Set(racing)).toEqual(new Set(["SESS-4"]));
  expect(await counter()).toBe(before + 1);
  expect(await prisma.session.count({ where: { agentSessionId: "legacy-session" } })).toBe(1);
  const session = (await sessionsApi.get("SESS-4")).body;
  expect(session.title).toBe("an old run from before");
  expect(session.executions.map((e) => e.id)).toEqual([legacy.id, later.id]);
});

test("PATCH renames, describes, archives and unarchives; lists filter and search", async () => {
  const renamed = await sessionsApi.patch("sess-1", { title: "  Auth approach  ", description: "How we did **auth**. See [[SPEC-9]]." });
  expect(renamed.status).toBe(200);
  expect(renamed.body).toMatchObject({ id: "SESS-1", title: "Auth approach", description: "How we did **auth**. See [[SPEC-9]]." });
  expect(new Date(renamed.body.updatedAt).getTime()).toBeGreaterThan(new Date(renamed.body.createdAt).getTime());
  // The description's references are stored like a spec's.
  expect((await sessionsApi.backlinks("SPEC-9")).body.items).toEqual([expect.objectContaining({ type: "session", id: "SESS-1", href: "/sessions/SESS-1" })]);

  expect((await sessionsApi.list({ q: "AUTH" })).body.items.map((s) => s.id)).toEqual(["SESS-1"]);
  expect((await sessionsApi.list({ q: "did **auth" })).body.items.map((s) => s.id)).toEqual(["SESS-1"]); // description
  expect((await sessionsApi.list({ q: "100%_" })).body.items).toEqual([]);
  expect((await sessionsApi.list({ agent: "command" })).body.items).toEqual([]);
  expect((await sessionsApi.list({ agent: "claude" })).body.items).toHaveLength(3);

  const archived = await sessionsApi.patch("SESS-1", { archived: true });
  expect(archived.body.archived).toBe(true);
  expect((await sessionsApi.list()).body.items.map((s) => s.id)).not.toContain("SESS-1");
  expect((await sessionsApi.list({ archived: "true" })).body.items.map((s) => s.id)).toEqual(["SESS-1"]);
  expect((await sessionsApi.list({ archived: "all" })).body.items.map((s) => s.id)).toContain("SESS-1");
  expect((await sessionsApi.patch("SESS-1", { archived: false })).body.archived).toBe(false);
  expect((await sessionsApi.list()).body.items.map((s) => s.id)).toContain("SESS-1");
});

test("unknown and malformed refs are 404s, bad input 400/422, with clear messages", async () => {
  expect(expectError(await sessionsApi.get("SESS-999"))).toMatchObject({ code: "not_found", message: "Session SESS-999 not found" });
  expect(expectError(await sessionsApi.get("ISSUE-1")).message).toBe('Session "ISSUE-1" not found: session ids look like SESS-1');
  expect((await sessionsApi.patch("SESS-999", { title: "x" })).status).toBe(404);
  const empty = await sessionsApi.patch("SESS-1", {});
  expect(empty.status).toBe(422);
  expect(expectError(empty).message).toBe("Nothing to update: send at least one of title, description, archived, poisoned, keepWarm");
  const badArchived = await sessionsApi.patch("SESS-1", { archived: "yes" });
  expect(badArchived.status).toBe(422);
  expect(expectError(badArchived).message).toBe("archived: archived must be true or false");
  const badKeepWarm = await sessionsApi.patch("SESS-1", { keepWarm: "off" });
  expect(badKeepWarm.status).toBe(422);
  expect(expectError(badKeepWarm).message).toBe("keepWarm: keepWarm must be true or false");
  expect(expectError(await sessionsApi.patch("SESS-1", { title: "  " })).message).toBe("title: Title is required");
  expect(expectError(await sessionsApi.patch("SESS-1", { agent: "x" })).message).toBe("Unknown field: agent");
  expect((await sessionsApi.patch("SESS-1", "{oops")).status).toBe(400);
  const badFilter = await sessionsApi.list({ archived: "maybe" });
  expect(badFilter.status).toBe(422);
  expect(expectError(badFilter).message).toBe("archived: archived must be true, false or all");
});

test("sessions unused for longer than the agent's transcript retention are flagged", async () => {
  // The runner checks a session's transcript after each turn and on its
  // heartbeat, and a checked transcript is a fact that overrides the
  // age-based guess. So wait for that check to land, then make SESS-3 one
  // that no runner watches any more (older than WATCH_DAYS) and never checked.
  await waitFor(async () => (await prisma.session.findUnique({ where: { id: "SESS-3" } }))?.transcriptCheckedAt ?? undefined, "the runner's transcript check");
  const old = new Date(Date.now() - (WATCH_DAYS + 5) * 24 * 3600 * 1000);
  // Executions first: from then on the heartbeat no longer picks SESS-3 up.
  await prisma.execution.updateMany({ where: { managedSessionId: "SESS-3" }, data: { createdAt: old, startedAt: old, finishedAt: old } });
  await prisma.session.update({
    where: { id: "SESS-3" },
    data: { lastActivityAt: old, transcriptState: null, transcriptCheckedAt: null, transcriptBytes: null, transcriptModifiedAt: null },
  });
  const session = (await sessionsApi.get("SESS-3")).body;
  expect(session.lastActivityAt).toBe(old.toISOString());
  expect(session.expiry).toMatchObject({ retentionDays: 30, mayHaveExpired: true });
  expect(session.expiry.expiresAt).toBe(new Date(old.getTime() + 30 * 24 * 3600 * 1000).toISOString());
  expect((await sessionsApi.get("SESS-1")).body.expiry.mayHaveExpired).toBe(false);
  const resolved = (await sessionsApi.resolve(["SESS-3", "SESS-1", "SESS-77"])).body.items;
  expect(resolved["SESS-3"]).toMatchObject({ type: "session", title: "third turn: another way", mayHaveExpired: true });
  expect(resolved["SESS-77"]).toBeNull();

  // Once a runner has seen the transcript, the guess gives way to the fact.
  await prisma.session.update({ where: { id: "SESS-3" }, data: { transcriptState: "available", transcriptCheckedAt: new Date() } });
  expect((await sessionsApi.get("SESS-3")).body.expiry.mayHaveExpired).toBe(false);
});
