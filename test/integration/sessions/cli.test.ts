import { GET as listRoute } from "@/app/api/sessions/route";
import { GET as getRoute } from "@/app/api/sessions/[id]/route";
import { GET as backlinksRoute } from "@/app/api/references/route";
import { prisma } from "@/server/db";
import { ensureSessionOf } from "@/server/sessions/record-session-capture";
import { resetDb } from "@/test/support/db";
import { routedFetch, runArbor } from "@/test/support/cli";
import { makeIssue, makeSpec } from "@/test/support/factories";

// `arbor sessions` and `arbor session` against the real route handlers and
// database (the CLI's fetch is routed to the handlers in-process).

const fetch = routedFetch([
  [/^\/api\/sessions$/, { GET: listRoute }],
  [/^\/api\/sessions\/([^/]+)$/, { GET: getRoute }],
  [/^\/api\/references$/, { GET: backlinksRoute }],
]);
const arbor = (...argv: string[]) => runArbor(argv, { fetch });

beforeAll(async () => {
  await resetDb();
  const issueId = (await makeIssue({ title: "CLI parity" })).id;
  const at = (min: number) => new Date(Date.now() - min * 60_000);
  const run = (prompt: string, session: string, min: number, extra: { parentExecutionId?: string; forkedFromExecutionId?: string } = {}) =>
    prisma.execution.create({
      data: {
        id: crypto.randomUUID(),
        issueId,
        agent: "claude",
        prompt,
        cwd: "/w",
        status: "completed",
        targetSessionId: session,
        sessionId: session,
        createdAt: at(min),
        startedAt: at(min),
        finishedAt: at(min - 1),
        costUsd: 0.01,
        inputTokens: 100,
        outputTokens: 5,
        ...extra,
      },
    });
  const first = await run("design the auth flow", "sid-1", 30);
  await ensureSessionOf(first.id);
  const second = await run("add tests", "sid-1", 20, { parentExecutionId: first.id });
  await ensureSessionOf(second.id);
  const fork = await run("try OAuth instead", "sid-2", 10, { forkedFromExecutionId: first.id });
  await ensureSessionOf(fork.id);
  await prisma.session.update({ where: { id: "SESS-2" }, data: { archived: true } });
  await makeSpec({ title: "Auth spec", body: "Approach: [[SESS-1]]" });
});
afterAll(async () => {
  await prisma.$disconnect();
});

test("arbor sessions lists active sessions; --archived includes archived ones; --q and --agent filter", async () => {
  const active = await arbor("sessions");
  expect(active.code).toBe(0);
  expect(active.stdout.trim().split("\n")).toHaveLength(1);
  expect(active.stdout).toMatch(/^SESS-1 {2}completed {2}claude {2}ISSUE-1 {2}2 runs {2}\$0\.02 {2}19m ago {2}design the auth flow\n$/);

  const all = await arbor("sessions", "--archived");
  expect(
    all.stdout
      .trim()
      .split("\n")
      .map((l) => l.split(" ")[0]),
  ).toEqual(["SESS-2", "SESS-1"]);
  expect(all.stdout).toContain("(fork of SESS-1)  [archived]");

  expect((await arbor("sessions", "--archived", "--q", "oauth")).stdout).toMatch(/^SESS-2 /);
  expect((await arbor("sessions", "--agent", "command")).stdout).toBe("No sessions match.\n");
  const json = JSON.parse((await arbor("sessions", "--json")).stdout);
  expect(json.map((s: { id: string }) => s.id)).toEqual(["SESS-1"]);
});

test("arbor session SESS-1 shows its executions, forks and what refers to it", async () => {
  const shown = await arbor("session", "sess-1");
  expect(shown.code).toBe(0);
  expect(shown.stdout).toContain("SESS-1  design the auth flow");
  expect(shown.stdout).toContain("  issue        ISSUE-1  CLI parity");
  expect(shown.stdout).toMatch(/ {3}1\. [0-9a-f]{8} {2}start {5}completed {4}"design the auth flow"/);
  expect(shown.stdout).toMatch(/ {3}2\. [0-9a-f]{8} {2}continue {2}completed {4}"add tests" {2}\$0\.01 {2}◀ head/);
  expect(shown.stdout).toContain("Forks (1)\n  SESS-2  try OAuth instead");
  expect(shown.stdout).toContain("Referenced by (1)\n  SPEC-1  Auth spec");

  const json = JSON.parse((await arbor("session", "SESS-2", "--json")).stdout);
  expect(json).toMatchObject({ id: "SESS-2", parentSessionId: "SESS-1", archived: true, referencedBy: [] });

  const missing = await arbor("session", "SESS-42");
  expect(missing.code).toBe(1);
  expect(missing.stderr).toBe("arbor: Session SESS-42 not found\n");
  const usage = await arbor("session");
  expect(usage.code).toBe(2);
});
