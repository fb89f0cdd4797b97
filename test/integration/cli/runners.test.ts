import * as runnersRoute from "@/app/api/runners/route";
import * as drainRoute from "@/app/api/runners/[id]/drain/route";
import { prisma } from "@/server/db";
import { runArbor, type RouteTable } from "@/test/support/cli-in-process";
import { resetDb } from "@/test/support/db";

// `arbor runners` and `arbor runner drain <id>` against the real route
// handlers and database (the CLI's fetch is routed to the handlers
// in-process). The runners are rows as live and dead runners leave them; the
// drain's effect on a real runner is test/integration/runner/drain.test.ts.

const ROUTES: RouteTable = [
  [/^\/api\/runners$/, runnersRoute],
  [/^\/api\/runners\/([^/]+)\/drain$/, drainRoute],
];
const arbor = (argv: string[]) => runArbor(ROUTES, argv);

beforeAll(async () => {
  await resetDb();
  const now = new Date();
  const long = new Date(now.getTime() - 3_600_000);
  await prisma.runner.createMany({
    data: [
      {
        id: "cli-live",
        hostname: "build-1",
        pid: 11,
        startedAt: now,
        heartbeatAt: now,
        concurrency: 4,
        warmSessions: 2,
        installedAgents: ["claude", "command"],
      },
      { id: "cli-dead", hostname: "build-2", pid: 22, startedAt: long, heartbeatAt: long, concurrency: 2, installedAgents: ["codex"] },
    ],
  });
  // An agent process cli-live started ahead of a new run (server/runner/warm/prestart-pool.ts lists it).
  await prisma.prestartedAgent.create({
    data: {
      sessionId: "0b6f1c64-1d7e-4f39-9d0c-2a51c0d3e001",
      runnerId: "cli-live",
      projectId: "PROJ-1",
      agent: "claude",
      baseSha: "a".repeat(40),
      cwd: "/tmp/prestart-x",
    },
  });
});
afterAll(async () => {
  await prisma.$disconnect();
});

test("arbor runners: a table, live runners first; --json: the API's items", async () => {
  const listed = await arbor(["runners"]);
  expect(listed).toMatchObject({ code: 0, stderr: "" });
  const lines = listed.stdout.trimEnd().split("\n");
  expect(lines[0]).toMatch(/^RUNNER\s+HOST\s+STATE\s+AGENTS\s+RUNNING\s+QUEUED\s+WARM\s+PRESTARTED\s+SESSIONS\s+HEARTBEAT$/);
  expect(lines[1]).toMatch(/^cli-live\s+build-1 \(pid 11\)\s+active\s+claude,command\s+0\/4\s+0\s+2\s+1\s+0\s+\d+s ago$/);
  expect(lines[2]).toMatch(/^cli-dead\s+build-2 \(pid 22\)\s+offline\s+codex\s+0\/2\s+0\s+0\s+0\s+0\s+1h ago$/);

  const json = await arbor(["runners", "--json"]);
  expect(json.code).toBe(0);
  expect(JSON.parse(json.stdout).items.map((r: { id: string; state: string }) => [r.id, r.state])).toEqual([
    ["cli-live", "active"],
    ["cli-dead", "offline"],
  ]);
});

test("arbor runner drain: says what happens; again: the same; bad ids are clear errors", async () => {
  const drained = await arbor(["runner", "drain", "cli-live"]);
  expect(drained.code).toBe(0);
  expect(drained.stdout).toContain("Runner cli-live (build-1) is draining: it takes no new turns.");
  expect(drained.stdout).toContain("warm session(s) are released");
  expect((await prisma.runner.findUniqueOrThrow({ where: { id: "cli-live" } })).drainingAt).not.toBeNull();
  const again = await arbor(["runner", "drain", "cli-live", "--json"]);
  expect(JSON.parse(again.stdout).runner).toMatchObject({ id: "cli-live", state: "draining" });
  expect((await arbor(["runners"])).stdout).toMatch(/cli-live\s+build-1 \(pid 11\)\s+draining/);

  expect(await arbor(["runner", "drain", "nope"])).toMatchObject({ code: 1, stdout: "", stderr: expect.stringContaining('No runner "nope"') });
  expect(await arbor(["runner", "drain", "cli-dead"])).toMatchObject({ code: 1, stderr: expect.stringContaining("offline") });
  expect(await arbor(["runner", "drain"])).toMatchObject({ code: 2, stderr: expect.stringContaining("missing runner id") });
  expect(await arbor(["runner", "stop", "cli-live"])).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown action "stop"') });
  expect(await arbor(["runners", "extra"])).toMatchObject({ code: 2, stderr: expect.stringContaining('unexpected argument "extra"') });
  expect((await arbor(["help", "runner"])).stdout).toContain("usage: arbor runner drain <id> [--json]");
});
