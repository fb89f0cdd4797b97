import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { prisma } from "@/server/db";
import { refreshHeldSessions } from "@/server/sessions/session-health";
import { resetDb } from "@/test/support/db";
import { executionRows } from "@/test/support/execution-rows";
import { transcriptPath } from "@/test/support/turn-script";

// The heartbeat's stat of the sessions a runner holds (refreshHeldSessions),
// on rows written straight into the database and a Claude config directory of
// the test's own. A session whose turn is still running is not judged: its
// agent may not have written the transcript yet, and a "missing" recorded then
// sent the Continue after a runner crash to Arbor's transcript (seen once in
// runner-killed.test.ts on a busy machine).

const RUNNER = "health-runner";
const AGENT_SESSION = "6f0c3c55-0d7e-4c1e-9a51-3d1f5d9c2a10";
const CWD = "/tmp/held-sessions-cwd";
let configDir: string;

beforeAll(async () => {
  await resetDb();
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), "held-sessions-"));
  const now = new Date();
  await prisma.runner.create({ data: { id: RUNNER, hostname: os.hostname(), pid: process.pid, startedAt: now, heartbeatAt: now } });
});
// After the reset above (its issue is made in a beforeAll of its own).
const rows = executionRows("Held sessions");
afterAll(async () => {
  fs.rmSync(configDir, { recursive: true, force: true });
  await prisma.$disconnect();
});

const health = async () =>
  prisma.session.findUniqueOrThrow({ where: { id: "SESS-1" }, select: { transcriptState: true, transcriptCheckedAt: true, transcriptBytes: true } });

test("a session mid-turn is left alone; once the turn ended, its transcript is stat'ed (missing, then available)", async () => {
  await prisma.session.create({
    data: { id: "SESS-1", number: 1, agent: "claude", agentSessionId: AGENT_SESSION, issueId: rows.issueId(), title: "held" },
  });
  const turn = await rows.turn({
    runnerId: RUNNER,
    status: "running",
    sessionId: AGENT_SESSION,
    managedSessionId: "SESS-1",
    cwd: CWD,
    startedAt: new Date(),
  });
  const env = { CLAUDE_CONFIG_DIR: configDir };

  // No transcript yet, as in the first moments of a turn on a busy machine: nothing is recorded.
  expect(await refreshHeldSessions(RUNNER, env)).toBe(0);
  expect(await health()).toEqual({ transcriptState: null, transcriptCheckedAt: null, transcriptBytes: null });

  await prisma.execution.update({ where: { id: turn.id }, data: { status: "completed", finishedAt: new Date() } });
  expect(await refreshHeldSessions(RUNNER, env)).toBe(1);
  expect(await health()).toMatchObject({ transcriptState: "missing", transcriptCheckedAt: expect.any(Date) });

  // Checked a minute ago or more: looked at again, and now the file is there.
  const file = transcriptPath(configDir, CWD, AGENT_SESSION);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '{"type":"user"}\n');
  await prisma.session.update({ where: { id: "SESS-1" }, data: { transcriptCheckedAt: new Date(Date.now() - 120_000) } });
  expect(await refreshHeldSessions(RUNNER, env)).toBe(1);
  expect(await health()).toMatchObject({ transcriptState: "available", transcriptBytes: BigInt(16) });
});
