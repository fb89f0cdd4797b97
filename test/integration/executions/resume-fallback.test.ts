import fs from "node:fs";
import { GET as getSessionRoute, PATCH as patchSessionRoute } from "@/app/api/sessions/[id]/route";
import { GET as backlinksRoute } from "@/app/api/references/route";
import * as bundlesRoute from "@/app/api/bundles/route";
import * as loadBundleRoute from "@/app/api/bundles/[id]/load/route";
import { main } from "@/cli/main";
import type { LoadBundleResponse } from "@/lib/bundles/schema";
import type { ExecutionDto } from "@/lib/executions/schema";
import type { SessionDetail } from "@/lib/sessions/schema";
import { prisma } from "@/server/db";
import { makeIssue } from "@/test/support/factories";
import { conversation, type RecordedRequest } from "@/test/support/messages-api";
import { api, waitForEnd } from "@/test/support/executions-api";
import { expectError, send } from "@/test/support/api";
import { forgetSessionState } from "@/test/support/forget-session-state";
import { transcriptPath, turnText } from "@/test/support/turn-script";
import { useRunningHarness } from "@/test/support/executions-harness";
import { waitFor } from "@/test/support/wait";

// Never lose a conversation (issue 9), against the real Claude Code CLI and
// the Messages-API stand-in:
// - a resume the agent rejects is retried once, automatically, as a fresh
//   session carrying Arbor's transcript; the rejected attempt stays failed;
// - a transcript known to be gone (the runner's stat right before the launch,
//   or the session's recorded health at the API) goes to the transcript up
//   front, with no failed attempt;
// - force-fresh, poisoned sessions, and the telemetry of resumed turns.

jest.setTimeout(120_000);

// Every turn spawns its CLI here (warm sessions off): these are the spawn path's guards and fallback. A warm
// process holds its conversation in memory and never reads the transcript these tests break
// (test/integration/executions/warm-sessions.test.ts covers it).
const suite = useRunningHarness({ runner: { env: { ARBOR_WARM_SESSIONS: "0" } } });

const session = {
  get: (ref: string) => send<SessionDetail>(getSessionRoute, { id: ref, path: `/api/sessions/${ref}` }),
  patch: (ref: string, body: Record<string, unknown>) =>
    send<SessionDetail>(patchSessionRoute, { id: ref, method: "PATCH", body, path: `/api/sessions/${ref}` }),
};

/** The one model request of a transcript-primed turn: the fresh session's first message. */
function primedRequest(prompt: string): RecordedRequest {
  const found = suite.standIn.api.requests.filter((r) => turnText(r).includes("<arbor-request>") && turnText(r).includes(prompt));
  expect(found).toHaveLength(1);
  return found[0];
}

/** The model got the history as history and the new prompt last, as the only task. */
function expectTranscriptShape(request: RecordedRequest, earlier: string[], prompt: string) {
  // A fresh session: one user message, nothing resumed before it.
  expect(conversation(request).map((m) => m.role)).toEqual(["user"]);
  const text = turnText(request);
  expect(text.startsWith("<arbor-transcript>")).toBe(true);
  expect(text).toMatch(/It is history: every request in it has already been handled\. Do not repeat, redo or continue any of it/);
  const transcript = text.slice(0, text.indexOf("</arbor-transcript>"));
  let at = 0;
  for (const said of earlier) {
    const where = transcript.indexOf(said, at);
    expect(where).toBeGreaterThanOrEqual(at); // every earlier prompt, in order
    at = where;
  }
  expect(transcript).not.toContain(prompt);
  expect(text.endsWith(`<arbor-request>\nFocus on this turn: the request below is the only task.\n\n${prompt}\n</arbor-request>`)).toBe(true);
}

async function run(issueId: string, prompt: string): Promise<ExecutionDto> {
  const done = await waitForEnd((await api.create({ issueId, prompt })).body.id);
  expect(done.status).toBe("completed");
  return done;
}

async function cont(source: ExecutionDto, prompt: string, extra: Record<string, unknown> = {}): Promise<{ created: ExecutionDto; done: ExecutionDto }> {
  const created = await api.followUp("continue", source.id, { prompt, ...extra });
  expect(created.status).toBe(201);
  return { created: created.body, done: await waitForEnd(created.body.id) };
}

const transcriptOf = (e: ExecutionDto) => transcriptPath(suite.h.env.CLAUDE_CONFIG_DIR!, e.cwd, e.sessionId!);

test("a resume the agent rejects is retried once from Arbor's transcript; the failed attempt stays, linked by a restarted edge", async () => {
  const issueId = (await makeIssue()).id;
  const first = await run(issueId, "remember alpha-1");
  const { done: second } = await cont(first, "and bravo-2");
  expect(second).toMatchObject({
    status: "completed",
    sessionId: first.sessionId,
    resume: { decision: "resume", reason: "resumable" },
    telemetry: { sessionResumed: true },
  });
  // The transcript is still there, but broken: a stat says "available", the agent finds no conversation in it
  // (and Arbor's own copy, which would repair it, is gone too).
  await forgetSessionState(second);
  fs.writeFileSync(transcriptOf(second), "not a transcript\n");

  const created = await api.continue(second.id, "now charlie-3");
  expect(created.status).toBe(201);
  expect(created.body.resume).toMatchObject({ decision: "resume" }); // nothing the API knows says otherwise
  const failed = await waitForEnd(created.body.id);
  expect(failed).toMatchObject({ status: "failed", sessionId: null, parentExecutionId: second.id, telemetry: { sessionResumed: false } });
  expect(failed.error?.code).toBe("session_not_found");
  const retryId = await waitFor(async () => (await prisma.execution.findFirst({ where: { restartedFromExecutionId: failed.id } }))?.id, "the automatic retry");
  await waitFor(
    async () => (await api.get(failed.id)).body.error?.message.includes(`Arbor re-ran this turn from its own transcript in execution ${retryId}`),
    "the pointer to the retry",
  );

  const retry = await waitForEnd(retryId);
  expect(retry).toMatchObject({
    status: "completed",
    prompt: "now charlie-3",
    restartedFromExecutionId: failed.id,
    parentExecutionId: null,
    forkedFromExecutionId: null,
    resume: {
      decision: "fresh_with_transcript",
      reason: "resume_rejected",
      transcriptSourceExecutionId: second.id,
      message: expect.stringMatching(/^The agent's session was gone \(expired or deleted transcript\), so Arbor re-ran this turn/),
    },
    telemetry: { sessionResumed: false, transcriptTokens: expect.any(Number) },
  });
  expect([first.sessionId, null]).not.toContain(retry.sessionId);
  // The model never saw the rejected attempt; the retry got the whole conversation, then the new prompt.
  expect(suite.standIn.requestsFor("now charlie-3").filter((r) => !turnText(r).includes("<arbor-request>"))).toHaveLength(0);
  expectTranscriptShape(primedRequest("now charlie-3"), ["remember alpha-1", "Echo: remember alpha-1", "and bravo-2", "Echo: and bravo-2"], "now charlie-3");
  // Exactly one retry, however often the runner looks.
  expect(await prisma.execution.count({ where: { restartedFromExecutionId: failed.id } })).toBe(1);

  // The tree: the retry hangs under the failed attempt by a restarted edge.
  const tree = await api.sessionTree(issueId);
  const failedNode = tree.body.roots[0].children[0].children[0];
  expect(failedNode).toMatchObject({ id: failed.id, edge: "continue" });
  expect(failedNode.children).toEqual([expect.objectContaining({ id: retry.id, edge: "restarted" })]);

  // The chain continues in a new Session whose parent is the old one; the old one is poisoned (its transcript exists, yet it cannot be resumed).
  const oldSession = (await session.get(first.managedSessionId!)).body;
  expect(oldSession.poisoned).toMatchObject({ reason: "resume_failed" });
  const newSession = (await session.get(retry.managedSessionId!)).body;
  expect(newSession).toMatchObject({ parentSessionId: oldSession.id, forkedFromExecutionId: second.id });

  // Continuing the failed attempt points at the retry; continuing the retry resumes its session.
  const refused = await api.continue(failed.id, "again?");
  expect(refused.status).toBe(409);
  expect(expectError(refused).details).toMatchObject({ reason: "session_not_found", restartedAs: retry.id });
  const { done: fourth } = await cont(retry, "then delta-4");
  expect(fourth).toMatchObject({ status: "completed", sessionId: retry.sessionId, resume: { decision: "resume" }, telemetry: { sessionResumed: true } });
  // The old session is poisoned: a Continue from it is told up front and carries the transcript.
  const again = await api.continue(second.id, "from the old one echo-5");
  expect(again.body).toMatchObject({
    forkedFromExecutionId: second.id,
    parentExecutionId: null,
    resume: { decision: "fresh_with_transcript", reason: "session_poisoned" },
  });
  expect(await waitForEnd(again.body.id)).toMatchObject({ status: "completed" });
});

test("a deleted transcript is seen right before the launch (no failed attempt), then known up front", async () => {
  const issueId = (await makeIssue()).id;
  const first = await run(issueId, "remember foxtrot-1");
  await forgetSessionState(first);
  fs.rmSync(transcriptOf(first));

  const { created, done } = await cont(first, "and golf-2");
  expect(created.resume).toMatchObject({ decision: "resume" }); // the API's last known health was "available"
  expect(done).toMatchObject({
    status: "completed",
    parentExecutionId: null,
    forkedFromExecutionId: first.id,
    forkSessionId: first.sessionId,
    resume: { decision: "fresh_with_transcript", reason: "transcript_missing", transcriptSourceExecutionId: first.id },
  });
  expect([first.sessionId, null]).not.toContain(done.sessionId);
  expect(await prisma.execution.count({ where: { issueId, status: "failed" } })).toBe(0);
  expectTranscriptShape(primedRequest("and golf-2"), ["remember foxtrot-1", "Echo: remember foxtrot-1"], "and golf-2");
  expect((await session.get(first.managedSessionId!)).body.health).toMatchObject({ state: "missing" });
  expect((await session.get(first.managedSessionId!)).body.expiry.mayHaveExpired).toBe(false); // a fact, not a guess

  // Now the API knows: the 201 already says how the turn will run.
  const known = await api.continue(first.id, "and hotel-3");
  expect(known.body).toMatchObject({
    forkedFromExecutionId: first.id,
    resume: { decision: "fresh_with_transcript", reason: "transcript_missing", message: expect.stringMatching(/transcript of the session is gone/) },
  });
  expect(await waitForEnd(known.body.id)).toMatchObject({ status: "completed" });
});

test("force-fresh from the API: a new session carrying the transcript, and the session itself untouched", async () => {
  const issueId = (await makeIssue()).id;
  const first = await run(issueId, "remember india-1");
  const { created, done } = await cont(first, "fresh juliet-2", { freshSession: true });
  expect(created).toMatchObject({ forceFresh: true, forkedFromExecutionId: first.id, resume: { decision: "fresh_with_transcript", reason: "force_fresh" } });
  expect(done).toMatchObject({ status: "completed", forceFresh: true });
  expectTranscriptShape(primedRequest("fresh juliet-2"), ["remember india-1", "Echo: remember india-1"], "fresh juliet-2");
  // The original session still resumes.
  const { done: resumed } = await cont(first, "plain kilo-3");
  expect(resumed).toMatchObject({ sessionId: first.sessionId, resume: { decision: "resume" } });
  // Bad input is a 422 naming the field.
  const bad = await api.followUp("continue", first.id, { prompt: "x", freshSession: "yes" });
  expect(bad.status).toBe(422);
  expect(expectError(bad).message).toMatch(/freshSession must be true or false/);
});

test("poisoned sessions: marked by a person (and cleared), or by a turn that no longer fit the context window", async () => {
  const issueId = (await makeIssue()).id;
  const first = await run(issueId, "remember lima-1");
  const marked = await session.patch(first.managedSessionId!, { poisoned: true, poisonNote: "it keeps looping" });
  expect(marked.status).toBe(200);
  expect(marked.body.poisoned).toMatchObject({ reason: "marked_by_person", message: "it keeps looping" });
  const { created, done } = await cont(first, "mike-2");
  expect(created.resume).toMatchObject({
    decision: "fresh_with_transcript",
    reason: "session_poisoned",
    message: expect.stringMatching(/marked by a person: it keeps looping/),
  });
  expect(done.status).toBe("completed");
  expectTranscriptShape(primedRequest("mike-2"), ["remember lima-1"], "mike-2");
  expect((await session.patch(first.managedSessionId!, { poisoned: false })).body.poisoned).toBeNull();
  const { done: head } = await cont(first, "november-3");
  expect(head).toMatchObject({ parentExecutionId: first.id, sessionId: first.sessionId, resume: { decision: "resume" } });

  // The API answers 400 "prompt is too long": Claude Code reports it as the turn's result.
  suite.standIn.on("oscar-4", () => ({ kind: "http_error", status: 400, message: "prompt is too long: 250000 tokens > 200000 maximum" }));
  const { done: tooLong } = await cont(head, "oscar-4");
  expect(tooLong).toMatchObject({ status: "failed", sessionId: first.sessionId, error: { code: "agent_error", message: "Prompt is too long" } });
  expect((await session.get(first.managedSessionId!)).body.poisoned).toMatchObject({ reason: "context_window_exceeded", message: "Prompt is too long" });
  const { created: next } = await cont(tooLong, "papa-5");
  expect(next.resume).toMatchObject({
    decision: "fresh_with_transcript",
    reason: "session_poisoned",
    message: expect.stringMatching(/no longer fit the model's context window/),
  });
  // Not retried automatically: that turn ran, it just did not fit.
  expect(await prisma.execution.count({ where: { restartedFromExecutionId: tooLong.id } })).toBe(0);
});

test("telemetry: a resumed turn records the usage the model reported, its cache reads, and what a transcript would have cost", async () => {
  const issueId = (await makeIssue()).id;
  const first = await run(issueId, "remember quebec-1");
  suite.standIn.on("romeo-2", () => ({
    kind: "text",
    text: "Echo: romeo-2",
    usage: { input_tokens: 9, cache_read_input_tokens: 4321, cache_creation_input_tokens: 77 },
  }));
  const { done } = await cont(first, "romeo-2");
  expect(suite.standIn.requestsFor("romeo-2")).toHaveLength(1);
  const outputTokens = Math.ceil("Echo: romeo-2".length / 4); // what the stand-in reported in message_delta
  expect(done.usage).toMatchObject({ inputTokens: 9 + 4321 + 77, cacheReadTokens: 4321, cacheCreationTokens: 77, outputTokens });
  expect(done.telemetry.sessionResumed).toBe(true);
  expect(done.telemetry.transcriptTokens).toBeGreaterThan(0);
  expect(done.telemetry.savedInputTokens).toBe(done.telemetry.transcriptTokens);
  expect(done.runtime).toEqual({ path: fs.realpathSync(suite.h.env.CLAUDE_BIN!), version: "2.1.330" });

  const totals = (await session.get(first.managedSessionId!)).body.totals;
  expect(totals).toMatchObject({ resumedTurns: 1, cacheReadTokens: 4321, savedInputTokens: done.telemetry.transcriptTokens });
  expect((await session.get(first.managedSessionId!)).body.runtime).toEqual(done.runtime);
});

/** The CLI, in-process, against the real route handlers. */
async function arbor(...argv: string[]) {
  const { routes } = api;
  const routed = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const { pathname } = new URL(request.url);
    const params = (id: string) => ({ params: Promise.resolve({ id: decodeURIComponent(id) }) });
    let m: RegExpExecArray | null;
    if ((m = /^\/api\/executions\/([^/]+)\/(continue|fork|start-fresh|events)$/.exec(pathname))) {
      const handler = { continue: routes.continueRoute, fork: routes.forkRoute, "start-fresh": routes.startFreshRoute, events: routes.eventsRoute }[
        m[2] as "continue"
      ];
      return handler(request, params(m[1]));
    }
    if ((m = /^\/api\/executions\/([^/]+)$/.exec(pathname))) return routes.getRoute(request, params(m[1]));
    if ((m = /^\/api\/sessions\/([^/]+)$/.exec(pathname)))
      return request.method === "PATCH" ? patchSessionRoute(request, params(m[1])) : getSessionRoute(request, params(m[1]));
    if (pathname === "/api/references") return backlinksRoute(request, undefined);
    return new Response("not found", { status: 404 });
  };
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    env: { NO_COLOR: "1" },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    fetch: routed as typeof fetch,
  });
  return { code, stdout, stderr };
}

test("the CLI: --fresh-session, session --poison/--unpoison, and show/session print the decision, savings and health", async () => {
  const issueId = (await makeIssue()).id;
  const first = await run(issueId, "remember sierra-1");
  const fresh = await arbor("continue", first.id, "cli tango-2", "--fresh-session", "--json");
  expect(fresh.code).toBe(0);
  const created = JSON.parse(fresh.stdout) as ExecutionDto;
  expect(created).toMatchObject({ forceFresh: true, forkedFromExecutionId: first.id, resume: { decision: "fresh_with_transcript", reason: "force_fresh" } });
  expect((await waitForEnd(created.id)).status).toBe("completed");
  expectTranscriptShape(primedRequest("cli tango-2"), ["remember sierra-1"], "cli tango-2");

  const plainText = await arbor("fork", first.id, "cli uniform-3", "--fresh-session");
  expect(plainText.stdout).toMatch(/\n {2}fresh session carrying Arbor's transcript: A fresh session was asked for/);

  const { done: resumed } = await cont(first, "cli victor-4");
  const shown = await arbor("show", resumed.id);
  expect(shown.code).toBe(0);
  expect(shown.stdout).toMatch(
    new RegExp(`resume {5}resumed the agent's session · saved ≈ ${resumed.telemetry.savedInputTokens!.toLocaleString("en-US")} input tokens`),
  );

  const poisoned = await arbor("session", first.managedSessionId!, "--poison", "--note", "wrong track");
  expect(poisoned.code).toBe(0);
  expect(poisoned.stdout).toContain("poisoned     marked by person: wrong track; later turns start fresh with Arbor's transcript");
  expect(poisoned.stdout).toMatch(/resume {7}1 resumed turn · saved ≈ [\d,]+ input tokens/);
  expect(poisoned.stdout).toMatch(/transcript {3}available \([\d,]+ bytes, last written/);
  const cleared = await arbor("session", first.managedSessionId!, "--unpoison", "--json");
  expect(JSON.parse(cleared.stdout).poisoned).toBeNull();
  await waitFor(async () => (await prisma.execution.count({ where: { issueId, status: { in: ["queued", "running"] } } })) === 0, "the fork to end");
});

test("a bundle load goes through the same decision: a session whose transcript is gone gets Arbor's transcript", async () => {
  const issueId = (await makeIssue()).id;
  const first = await run(issueId, "remember whiskey-1");
  await forgetSessionState(first);
  fs.rmSync(transcriptOf(first));
  const bundle = await send<{ id: string }>(bundlesRoute.POST as never, { body: { name: "Context", items: [first.managedSessionId] }, path: "/api/bundles" });
  expect(bundle.status).toBe(201);
  const loaded = await send<LoadBundleResponse>(loadBundleRoute.POST as never, {
    id: bundle.body.id,
    body: { prompt: "now xray-2" },
    path: `/api/bundles/${bundle.body.id}/load`,
  });
  expect(loaded.status).toBe(201);
  expect(loaded.body).toMatchObject({ mode: "continue", sessionId: first.managedSessionId });
  const done = await waitForEnd(loaded.body.execution.id);
  expect(done).toMatchObject({
    status: "completed",
    forkedFromExecutionId: first.id,
    resume: { decision: "fresh_with_transcript", reason: "transcript_missing" },
  });
  const request = primedRequest("now xray-2");
  expect(turnText(request).indexOf("remember whiskey-1")).toBeLessThan(turnText(request).indexOf(`<arbor-context bundle="${bundle.body.id}"`));
});

test("the runner's heartbeat checks the sessions it holds (a stat, never a resume), so health is a fact", async () => {
  const issueId = (await makeIssue()).id;
  const first = await run(issueId, "remember yankee-1");
  const checked = await session.get(first.managedSessionId!);
  expect(checked.body.health).toMatchObject({ state: "available", bytes: fs.statSync(transcriptOf(first)).size });
  const requests = suite.standIn.api.requests.length;
  fs.rmSync(transcriptOf(first));
  // As if last checked two minutes ago: the next heartbeat (every 5 s) looks again.
  await prisma.session.update({ where: { id: first.managedSessionId! }, data: { transcriptCheckedAt: new Date(Date.now() - 120_000) } });
  const health = await waitFor(
    async () => {
      const got = (await session.get(first.managedSessionId!)).body.health;
      return got?.state === "missing" ? got : undefined;
    },
    "the heartbeat to see the transcript gone",
    20_000,
  );
  expect(Date.parse(health.checkedAt)).toBeGreaterThan(Date.now() - 20_000);
  expect(suite.standIn.api.requests.length).toBe(requests); // nothing was resumed to find out
});
