import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as issuesRoute from "@/app/api/issues/route";
import * as issueRoute from "@/app/api/issues/[id]/route";
import * as issueExecutionsRoute from "@/app/api/issues/[id]/executions/route";
import * as specsRoute from "@/app/api/specs/route";
import * as specRoute from "@/app/api/specs/[id]/route";
import * as referencesRoute from "@/app/api/references/route";
import { prisma } from "@/server/db";
import { ensureSessionOf } from "@/server/sessions/record-session-capture";
import { runArbor, type RouteTable } from "@/test/support/cli-in-process";
import { resetDb } from "@/test/support/db";

// `arbor issue create|list|show` and `arbor spec create|list|show` against the
// real route handlers and database (the CLI's fetch is routed to the handlers in-process).

const ROUTES: RouteTable = [
  [/^\/api\/issues$/, issuesRoute],
  [/^\/api\/issues\/([^/]+)$/, issueRoute],
  [/^\/api\/issues\/([^/]+)\/executions$/, issueExecutionsRoute],
  [/^\/api\/specs$/, specsRoute],
  [/^\/api\/specs\/([^/]+)$/, specRoute],
  [/^\/api\/references$/, referencesRoute],
];

let dir: string;
const arbor = (argv: string[], stdin?: string) => runArbor(ROUTES, argv, { cwd: dir, ...(stdin !== undefined ? { stdin } : {}) });

beforeAll(async () => {
  await resetDb();
  dir = mkdtempSync(path.join(os.tmpdir(), "arbor-cli-items-"));
  // A registered project (its directory is never touched here).
  await prisma.project.create({ data: { id: "PROJ-1", number: 1, name: "Shop", path: path.join(dir, "shop"), isGitRepo: false } });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await prisma.$disconnect();
});

test("spec create (text from a file, in a project), issue create (text from stdin, for the spec), list, show", async () => {
  writeFileSync(path.join(dir, "auth.md"), "Users log in with a password.\n\nSee [[SPEC-9]] later.\n");
  const spec = await arbor(["spec", "create", "Authentication", "--body-file", "auth.md", "--project", "proj-1"]);
  expect(spec).toEqual({ code: 0, stderr: "", stdout: "Created SPEC-1: Authentication (in PROJ-1)\n" });
  expect((await prisma.spec.findUniqueOrThrow({ where: { id: "SPEC-1" } })).body).toBe("Users log in with a password.\n\nSee [[SPEC-9]] later.\n");

  const issue = await arbor(
    ["issue", "create", "Login", "is", "broken", "--body", "-", "-p", "PROJ-1", "--spec", "spec-1", "--priority", "High"],
    "## Steps\n1. log in\n",
  );
  expect(issue).toEqual({ code: 0, stderr: "", stdout: "Created ISSUE-1: Login is broken (in PROJ-1, for SPEC-1)\n" });
  expect(await prisma.issue.findUniqueOrThrow({ where: { id: "ISSUE-1" } })).toMatchObject({
    body: "## Steps\n1. log in\n",
    priority: "high",
    specId: "SPEC-1",
    projectId: "PROJ-1",
  });
  const other = await arbor(["issue", "create", "Dark mode", "--body", "Cites [[ISSUE-1]].", "--project", "default", "--json"]);
  expect(other.code).toBe(0);
  expect(JSON.parse(other.stdout)).toMatchObject({ id: "ISSUE-2", title: "Dark mode", projectId: null, specId: null, status: "open", priority: "medium" });

  // Lists: newest first, the project column because one is in a project; filters reach the API.
  expect((await arbor(["issues"])).stdout).toBe("ISSUE-2  open  default  Dark mode\nISSUE-1  open  PROJ-1   Login is broken\n");
  expect((await arbor(["issue", "list", "--project", "PROJ-1"])).stdout).toBe("ISSUE-1  open  PROJ-1  Login is broken\n");
  expect((await arbor(["issue", "list", "--project", "default"])).stdout).toBe("ISSUE-2  open  Dark mode\n");
  expect((await arbor(["issue", "list", "--status", "done"])).stdout).toBe("No issues match.\n");
  expect((await arbor(["issue", "list", "-q", "dark"])).stdout).toBe("ISSUE-2  open  Dark mode\n");
  expect((await arbor(["issue", "list", "--spec", "SPEC-1"])).stdout).toBe("ISSUE-1  open  PROJ-1  Login is broken\n");
  expect((await arbor(["specs"])).stdout).toBe("SPEC-1  PROJ-1  Authentication\n");
  expect(JSON.parse((await arbor(["spec", "list", "-q", "nothing-like-it", "--json"])).stdout)).toEqual([]);

  // The issue's page: facts, text, its sessions by SESS-n, what cites it.
  const run = (id: string, prompt: string, sessionId: string | null, extra: { parentExecutionId?: string; status?: "queued" } = {}) =>
    prisma.execution.create({ data: { id, issueId: "ISSUE-1", agent: "claude", prompt, cwd: "/w", status: "completed", sessionId, ...extra } });
  const first = await run("a1000000-0000-4000-8000-000000000001", "design the login form", "agent-session-1");
  await run("a2000000-0000-4000-8000-000000000002", "add tests", "agent-session-1", { parentExecutionId: first.id });
  await ensureSessionOf(first.id);
  await ensureSessionOf("a2000000-0000-4000-8000-000000000002");
  await run("a3000000-0000-4000-8000-000000000003", "try again", null, { status: "queued" });
  const shown = await arbor(["issue", "show", "issue-1"]);
  expect(shown.code).toBe(0);
  expect(shown.stdout.split("\n").filter((l) => !l.startsWith("  created"))).toEqual([
    "ISSUE-1  Login is broken",
    "  status    open · priority high",
    "  project   PROJ-1",
    "  spec      SPEC-1  Authentication",
    "",
    "  ## Steps",
    "  1. log in",
    "",
    "Sessions (1)",
    '  SESS-1  completed    2 turns   latest a2000000  "design the login form"',
    "  not in a session (yet): a3000000 queued",
    "",
    "Referenced by (1)",
    "  ISSUE-2  Dark mode",
    "",
    "The tree: arbor tree ISSUE-1 · a turn: arbor show <id>",
    "",
  ]);
  expect(shown.stdout).not.toContain("agent-session");
  const json = JSON.parse((await arbor(["issue", "show", "ISSUE-1", "--json"])).stdout);
  expect(json).toMatchObject({ id: "ISSUE-1", spec: { id: "SPEC-1" }, referencedBy: [{ id: "ISSUE-2" }] });
  expect(json.executions.map((e: { managedSessionId: string | null }) => e.managedSessionId)).toEqual(["SESS-1", "SESS-1", null]);

  // The spec's page: its issues.
  const specShown = await arbor(["spec", "show", "SPEC-1"]);
  expect(specShown.stdout).toContain("  project   PROJ-1\n");
  expect(specShown.stdout).toContain("  Users log in with a password.\n\n  See [[SPEC-9]] later.\n");
  expect(specShown.stdout).toContain("Issues (1)\n  ISSUE-1  open  Login is broken\n");
});

test("bad input is named, and nothing is stored", async () => {
  const before = await prisma.issue.count();
  const cases: [string[], RegExp][] = [
    [["issue", "create", "X", "--project", "PROJ-9"], /^arbor: projectId: .*PROJ-9/],
    [["issue", "create", "X", "--spec", "SPEC-9"], /^arbor: specId: .*SPEC-9/],
    [["issue", "create", "X", "--priority", "soon"], /^arbor: .*Priority must be one of low, medium, high, urgent/],
    [["issue", "create", "X", "--body-file", "missing.md"], /^arbor: cannot read .*missing\.md: ENOENT/],
    [["issue", "list", "--status", "later"], /^arbor: .*Status must be one of open, in_progress, done, closed/],
    [["issue", "show", "ISSUE-99"], /^arbor: Issue ISSUE-99 not found/],
    [["spec", "show", "nope"], /^arbor: Spec "nope" not found/],
  ];
  for (const [argv, message] of cases) {
    const res = await arbor(argv);
    expect([argv, res.stderr]).toEqual([argv, expect.stringMatching(message)]);
    expect(res.code).not.toBe(0);
    expect(res.stdout).toBe("");
  }
  expect(await prisma.issue.count()).toBe(before);
});
