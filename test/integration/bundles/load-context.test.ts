import * as bundlesRoute from "@/app/api/bundles/route";
import * as loadRoute from "@/app/api/bundles/[id]/load/route";
import type { Bundle, LoadBundleResponse } from "@/lib/bundles/schema";
import type { ApiErrorBody } from "@/lib/schemas/common";
import { prisma } from "@/server/db";
import { ensureSessionOf } from "@/server/sessions/record-session-capture";
import { api } from "@/test/support/executions-api";
import { apiRequest, call } from "@/test/support/api";
import { useRunningHarness, waitForExecution } from "@/test/support/executions-harness";
import { makeIssue, makeSpec } from "@/test/support/factories";
import { conversation, lastUserText } from "@/test/support/messages-api";

// Load context with the real Claude Code CLI against the Messages-API
// stand-in: the bundle's most recently active session gets the next turn
// (a Continue of its head execution), and what the agent receives carries
// the bundle's specs' and issues' bodies and its commits. Without a session,
// a new execution starts on the bundle's first issue.

jest.setTimeout(180_000);

const suite = useRunningHarness();

const createBundle = (body: unknown) => call<Bundle & ApiErrorBody>(bundlesRoute.POST, apiRequest("POST", "/api/bundles", body));
const load = (id: string, prompt: string) =>
  call<LoadBundleResponse & ApiErrorBody>(loadRoute.POST, apiRequest("POST", `/api/bundles/${id}/load`, { prompt }), { id });

/** Runs a first turn on the issue and returns its execution and Session (SESS-n). */
async function runSession(issueId: string, prompt: string) {
  const created = await api.create({ issueId, prompt });
  expect(created.status).toBe(201);
  const done = await waitForExecution(created.body.id);
  expect(done.status).toBe("completed");
  const sessionId = await ensureSessionOf(done.id);
  expect(sessionId).toMatch(/^SESS-\d+$/);
  return { execution: done, sessionId: sessionId! };
}

const SHA = "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432";

test("continues the bundle's most recently active session, with the bundle's bodies expanded", async () => {
  const spec = await makeSpec({ title: "Password storage", body: "SPEC-BODY: hash passwords with bcrypt, cost 12." });
  const issue = await makeIssue({ title: "Login rejects valid users", body: "ISSUE-BODY: users with a + in their email cannot log in.", specId: spec.id });

  const older = await runSession(issue.id, "first session: look at the login form");
  const newer = await runSession(issue.id, "second session: look at the email parser");

  // Older session listed first: the order of items must not decide, activity does.
  const bundle = await createBundle({
    name: "Login bug",
    description: "All about the + sign",
    items: [older.sessionId, spec.id, issue.id, newer.sessionId, SHA],
  });
  expect(bundle.status).toBe(201);

  const before = suite.h.api.requests.length;
  const loaded = await load(bundle.body.id, "Now fix the email parser.");
  expect(loaded.status).toBe(201);
  expect(loaded.body.mode).toBe("continue");
  expect(loaded.body.sessionId).toBe(newer.sessionId);
  expect(loaded.body.issueId).toBe(issue.id);
  expect(loaded.body.execution.parentExecutionId).toBe(newer.execution.id);

  const done = await waitForExecution(loaded.body.execution.id);
  expect(done.status).toBe("completed");
  expect(done.sessionId).toBe(newer.execution.sessionId);
  expect(done.managedSessionId ?? (await ensureSessionOf(done.id))).toBe(newer.sessionId);

  // What the agent received: the earlier turn of that session, then the bundle's context and the prompt.
  const request = suite.h.api.requests.slice(before).find((r) => lastUserText(r).includes("Now fix the email parser."))!;
  expect(request).toBeDefined();
  const sent = lastUserText(request);
  expect(sent).toContain(`<arbor-context bundle="${bundle.body.id}" name="Login bug">`);
  expect(sent).toContain("All about the + sign");
  expect(sent).toContain(`<spec id="${spec.id}" title="Password storage">`);
  expect(sent).toContain("SPEC-BODY: hash passwords with bcrypt, cost 12.");
  expect(sent).toContain(`<issue id="${issue.id}" title="Login rejects valid users" status="open">`);
  expect(sent).toContain("ISSUE-BODY: users with a + in their email cannot log in.");
  expect(sent).toContain(`- ${SHA}`);
  expect(sent).toContain(`- ${older.sessionId}: `);
  expect(sent.indexOf("SPEC-BODY")).toBeLessThan(sent.indexOf("ISSUE-BODY"));
  expect(sent.trimEnd().endsWith("Now fix the email parser.")).toBe(true);
  // (The other session is only named in the context block, by its title.)
  const history = conversation(request)
    .slice(0, -1)
    .map((m) => m.text)
    .join("\n");
  expect(history).toContain("second session: look at the email parser");
  expect(history).not.toContain("first session: look at the login form");

  // Activity moves: now the older session is continued once it is the latest.
  await prisma.$executeRaw`UPDATE sessions SET last_activity_at = now() + interval '1 hour' WHERE id = ${older.sessionId}`;
  const again = await load(bundle.body.id, "Back to the login form.");
  expect(again.status).toBe(201);
  expect(again.body.sessionId).toBe(older.sessionId);
  expect(again.body.execution.parentExecutionId).toBe(older.execution.id);
  expect((await waitForExecution(again.body.execution.id)).status).toBe("completed");
});

test("without a session, starts a new execution on the bundle's first issue", async () => {
  const spec = await makeSpec({ title: "Spec only context", body: "SPEC-TWO-BODY" });
  const first = await makeIssue({ title: "First issue", body: "FIRST-ISSUE-BODY" });
  const second = await makeIssue({ title: "Second issue", body: "SECOND-ISSUE-BODY" });
  const bundle = await createBundle({ name: "Fresh start", items: [spec.id, first.id, second.id] });

  const loaded = await load(bundle.body.id, "Start on this.");
  expect(loaded.status).toBe(201);
  expect(loaded.body).toMatchObject({ mode: "start", sessionId: null, issueId: first.id });
  expect(loaded.body.execution.parentExecutionId).toBeNull();
  const done = await waitForExecution(loaded.body.execution.id);
  expect(done.status).toBe("completed");
  const sent = lastUserText(suite.h.api.requests.find((r) => lastUserText(r).includes("Start on this."))!);
  for (const text of ["SPEC-TWO-BODY", "FIRST-ISSUE-BODY", "SECOND-ISSUE-BODY"]) expect(sent).toContain(text);
});
