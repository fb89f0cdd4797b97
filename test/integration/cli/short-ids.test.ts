import * as resolveRoute from "@/app/api/executions/resolve/route";
import * as executionRoute from "@/app/api/executions/[id]/route";
import * as cancelRoute from "@/app/api/executions/[id]/cancel/route";
import * as treeRoute from "@/app/api/issues/[id]/session-tree/route";
import { ambiguousExecutionRefSchema, resolveExecutionResponseSchema } from "@/lib/executions/execution-ref";
import { prisma } from "@/server/db";
import { ensureSessionOf } from "@/server/sessions/record-session-capture";
import { expectError, send } from "@/test/support/api";
import { runArbor, type RouteTable } from "@/test/support/cli-in-process";
import { resetDb } from "@/test/support/db";
import { executionRows } from "@/test/support/execution-rows";

// Short execution ids: GET /api/executions/resolve against the real database,
// and the CLI's commands taking them (its fetch routed to the real handlers).

const UNIQUE = "3f2a9c1e-77b0-4c1d-8e2f-0a1b2c3d4e5f";
const TWIN_A = "5eed0000-aaaa-4000-8000-000000000001";
const TWIN_B = "5eed0000-bbbb-4000-8000-000000000002";
const NEIGHBOUR = "3f2a9c1f-0000-4000-8000-000000000000"; // one past UNIQUE's prefix: outside its range
const MANY = "77777777";

const ROUTES: RouteTable = [
  [/^\/api\/executions\/resolve$/, resolveRoute],
  [/^\/api\/executions\/([^/]+)$/, executionRoute],
  [/^\/api\/executions\/([^/]+)\/cancel$/, cancelRoute],
  [/^\/api\/issues\/([^/]+)\/session-tree$/, treeRoute],
];
const arbor = (...argv: string[]) => runArbor(ROUTES, argv);
const resolve = (ref: string) => send(resolveRoute.GET, { path: `/api/executions/resolve?ref=${encodeURIComponent(ref)}` });

beforeAll(async () => {
  await resetDb();
});
const rows = executionRows("Short ids");
beforeAll(async () => {
  await rows.turn({ id: UNIQUE, prompt: "Fix the login bug\nand say why", status: "queued" });
  await rows.turn({ id: NEIGHBOUR, prompt: "next door", status: "completed", sessionId: "agent-s1" });
  await rows.turn({ id: TWIN_A, prompt: "first twin", status: "completed", sessionId: "agent-s2" });
  await rows.turn({ id: TWIN_B, prompt: "second twin", status: "completed", sessionId: "agent-s3" });
  for (let i = 0; i < 11; i++) await rows.turn({ id: `${MANY}-${String(i).padStart(4, "0")}-4000-8000-000000000000`, status: "completed" });
  for (const id of [NEIGHBOUR, TWIN_A, TWIN_B]) await ensureSessionOf(id);
});
afterAll(async () => {
  await prisma.$disconnect();
});

describe("GET /api/executions/resolve", () => {
  it.each([
    ["3f2a9c1e", UNIQUE],
    ["#3F2A9C1E", UNIQUE], // as the app prints it
    ["3f2a9c1e-77b0", UNIQUE], // dashes as printed
    ["3f2a9c1e77b04c1d", UNIQUE], // or none
    [UNIQUE, UNIQUE],
    ["5eed0000-b", TWIN_B], // a twin, told apart by one more character
    ["5eed0000bbbb", TWIN_B],
  ])("%s names %s", async (ref, id) => {
    const answer = await resolve(ref);
    expect(answer.status).toBe(200);
    const { execution } = resolveExecutionResponseSchema.parse(answer.body);
    expect(execution.id).toBe(id);
  });

  it("answers with what tells an execution apart: issue, session, status, the prompt's start, when", async () => {
    const answer = await resolve("5eed0000-bb");
    // The response schema is the answer: parsing drops nothing.
    expect(resolveExecutionResponseSchema.parse(answer.body)).toEqual(answer.body);
    const { execution } = resolveExecutionResponseSchema.parse(answer.body);
    expect(execution).toEqual({
      id: TWIN_B,
      issueId: rows.issueId(),
      managedSessionId: expect.stringMatching(/^SESS-\d+$/),
      status: "completed",
      prompt: "second twin",
      createdAt: expect.any(String),
    });
    expect(resolveExecutionResponseSchema.parse((await resolve("3f2a9c1e")).body).execution.prompt).toBe("Fix the login bug and say why");
  });

  it("409 when several ids start so, listing them newest first", async () => {
    const answer = await resolve("5eed0000");
    expect(answer.status).toBe(409);
    const error = expectError(answer);
    expect(error.code).toBe("conflict");
    expect(error.message).toBe(`"5eed0000" is the start of 2 executions' ids: give more of the id (one of these)`);
    const details = ambiguousExecutionRefSchema.parse(error.details);
    expect(details).toEqual(error.details);
    expect(details.matches.map((m) => [m.id, m.prompt])).toEqual([
      [TWIN_B, "second twin"],
      [TWIN_A, "first twin"],
    ]);
    expect(details.more).toBe(false);
  });

  it("409 lists at most ten and says there are more", async () => {
    const error = expectError(await resolve(MANY));
    expect(error.message).toMatch(/^"77777777" is the start of more than 10 executions' ids/);
    const details = ambiguousExecutionRefSchema.parse(error.details);
    expect(details.matches).toHaveLength(10);
    expect(details.more).toBe(true);
  });

  it("404 when no id starts so, in the words of GET /api/executions/:id", async () => {
    const answer = await resolve("deadbeef");
    expect(answer.status).toBe(404);
    expect(expectError(answer)).toEqual({ code: "not_found", message: "Execution deadbeef not found" });
    expect(expectError(await resolve("3f2a9c1e-77b1")).message).toBe("Execution 3f2a9c1e-77b1 not found");
  });

  it.each([
    ["3f2a9c1", /^ref: "3f2a9c1" is too short: give at least 8 hex characters/],
    ["ISSUE-1", /^ref: "ISSUE-1" is not an execution id/],
    ["3f2a-9c1e", /^ref: "3f2a-9c1e" is not an execution id/],
    ["", /^ref: ref is required/],
  ])("422 for %j", async (ref, message) => {
    const answer = await resolve(ref);
    expect(answer.status).toBe(422);
    expect(expectError(answer)).toMatchObject({ code: "validation_failed", message: expect.stringMatching(message) });
  });

  it("422 without ?ref=", async () => {
    const answer = await send(resolveRoute.GET, { path: "/api/executions/resolve" });
    expect(answer.status).toBe(422);
    expect(expectError(answer).message).toMatch(/ref is required/);
  });
});

describe("the CLI with short ids", () => {
  it("cancels by the short id, printing the full one", async () => {
    const res = await arbor("cancel", "3f2a9c1e");
    expect(res).toEqual({ code: 0, stderr: "", stdout: `Execution ${UNIQUE} cancelled\n` });
    expect((await prisma.execution.findUniqueOrThrow({ where: { id: UNIQUE } })).status).toBe("cancelled");
  });

  it("refuses an ambiguous short id, listing the executions it could be", async () => {
    const res = await arbor("cancel", "5eed0000");
    expect(res.code).toBe(1);
    const lines = res.stderr.trimEnd().split("\n");
    expect(lines[0]).toBe(`arbor: "5eed0000" is the start of 2 executions' ids: give more of the id (one of these)`);
    expect(lines.slice(1).map((l) => l.trim().split("  ")[0])).toEqual([TWIN_B, TWIN_A]);
    expect(lines[1]).toContain(`${rows.issueId()}  SESS-`);
    expect(lines[1]).toContain('"second twin"');
  });

  it("says when a short id names nothing, or is too short", async () => {
    expect(await arbor("cancel", "deadbeef")).toEqual({ code: 1, stdout: "", stderr: "arbor: Execution deadbeef not found\n" });
    const short = await arbor("cancel", "3f2a");
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/^arbor: ref: "3f2a" is too short: give at least 8 hex characters of the execution id/);
  });

  it("`arbor tree` names sessions SESS-n, as the app does", async () => {
    const res = await arbor("tree", rows.issueId());
    expect(res.code).toBe(0);
    const twin = res.stdout.split("\n").find((l) => l.includes("5eed0000  "))!;
    expect(twin).toMatch(/ SESS-\d+ {2}"first twin"/);
    expect(res.stdout).not.toContain("agent-s");
    expect(res.stdout.split("\n").find((l) => l.includes("3f2a9c1e  "))).toMatch(/ {2}no session/);
  });
});
