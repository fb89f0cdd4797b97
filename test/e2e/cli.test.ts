/**
 * The real `arbor` binary against the production server (`next start`):
 * `arbor issue create|list|show` and `arbor spec create`, and short execution
 * ids, which Next must route to /api/executions/resolve (a static segment)
 * rather than to /api/executions/[id].
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { prisma } from "@/server/db";
import { ensureSessionOf } from "@/server/sessions/record-session-capture";
import { startAppServer, type AppServer } from "@/test/support/app-server";
import { resetDb } from "@/test/support/db";

jest.setTimeout(600_000); // the first run builds the app

const BIN = path.resolve(__dirname, "../../bin/arbor.mjs");
const RUN = "7e57c1d0-0000-4000-8000-000000000001";
const TWINS = ["7e57c1d1-aaaa-4000-8000-000000000002", "7e57c1d1-bbbb-4000-8000-000000000003"];

let server: AppServer;

function arbor(args: string[], stdin = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, ARBOR_URL: server.url, NO_COLOR: "1" };
  delete env.FORCE_COLOR;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: os.tmpdir(), env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

beforeAll(async () => {
  await resetDb();
  server = await startAppServer();
});
afterAll(async () => {
  await server?.stop();
  await prisma.$disconnect();
});

test("arbor spec create, issue create (text from stdin), list and show", async () => {
  expect(await arbor(["spec", "create", "Authentication", "--body", "Users log in."])).toEqual({
    code: 0,
    stderr: "",
    stdout: "Created SPEC-1: Authentication (in the default workspace)\n",
  });
  expect(
    await arbor(["issue", "create", "Login is broken", "--spec", "SPEC-1", "--priority", "high", "--body-file", "-"], "1. log in\n2. see a 500\n"),
  ).toEqual({
    code: 0,
    stderr: "",
    stdout: "Created ISSUE-1: Login is broken (in the default workspace, for SPEC-1)\n",
  });
  expect((await arbor(["issues"])).stdout).toBe("ISSUE-1  open  Login is broken\n");

  await prisma.execution.create({
    data: { id: RUN, issueId: "ISSUE-1", agent: "claude", prompt: "fix the form", cwd: "/w", status: "completed", sessionId: "agent-session-1" },
  });
  await ensureSessionOf(RUN);
  const shown = await arbor(["issue", "show", "ISSUE-1"]);
  expect(shown.code).toBe(0);
  expect(shown.stdout).toContain("  status    open · priority high\n  project   default workspace\n  spec      SPEC-1  Authentication\n");
  expect(shown.stdout).toContain("\n  1. log in\n  2. see a 500\n");
  expect(shown.stdout).toContain(`Sessions (1)\n  SESS-1  completed    1 turn    latest 7e57c1d0  "fix the form"\n`);
  expect((await arbor(["spec", "show", "SPEC-1"])).stdout).toContain("Issues (1)\n  ISSUE-1  open  Login is broken\n");
});

test("short ids reach /api/executions/resolve, not /api/executions/[id]", async () => {
  for (const id of TWINS)
    await prisma.execution.create({ data: { id, issueId: "ISSUE-1", agent: "claude", prompt: `twin ${id.slice(9, 13)}`, cwd: "/w", status: "completed" } });

  const resolved = await fetch(`${server.url}/api/executions/resolve?ref=%237e57c1d0`);
  expect(resolved.status).toBe(200);
  expect(await resolved.json()).toMatchObject({ execution: { id: RUN, managedSessionId: "SESS-1" } });
  expect((await fetch(`${server.url}/api/executions/${RUN}`)).status).toBe(200);

  const shown = await arbor(["show", "7e57c1d0"]);
  expect(shown.stderr).toBe("");
  expect(shown.stdout).toMatch(new RegExp(`^Execution ${RUN}  completed\n`));
  expect(shown.stdout).toContain("  session    SESS-1 · the agent's session agent-session-1\n");
  expect(shown.code).toBe(0);

  const ambiguous = await arbor(["show", "7e57c1d1"]);
  expect(ambiguous.code).toBe(1);
  expect(ambiguous.stderr).toMatch(/^arbor: "7e57c1d1" is the start of 2 executions' ids: give more of the id \(one of these\)\n/);
  for (const id of TWINS) expect(ambiguous.stderr).toContain(`\n  ${id}  ISSUE-1  `);
  expect((await arbor(["show", "7e57c1d1-a"])).stdout).toMatch(new RegExp(`^Execution ${TWINS[0]}  completed\n`));
  expect(await arbor(["show", "7e57"])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^arbor: ref: "7e57" is too short/) });

  const tree = await arbor(["tree", "ISSUE-1"]);
  expect(tree.stdout).toContain(`7e57c1d0  ● root      completed    SESS-1  "fix the form"`);
});
