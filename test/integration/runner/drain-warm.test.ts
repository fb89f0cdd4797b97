import { GET as listRoute } from "@/app/api/runners/route";
import type { RunnerList } from "@/lib/runners/schema";
import { prisma } from "@/server/db";
import { send } from "@/test/support/api";
import { api, waitForEnd } from "@/test/support/executions-api";
import { useHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { waitFor } from "@/test/support/wait";
import { liveGroupMembers } from "@/test/integration/agents/support/live-group-members";

// A drain releases the runner's warm sessions (issue 24), with the real
// Claude Code CLI against the Messages-API stand-in: the runner reports the
// warm process on its heartbeat, and once drain_at is set (here without the
// NOTIFY, as when it was missed: the heartbeat finds it) the process is
// closed cleanly, the session is no longer warm, and the runner records
// drained_at while it stays up.

jest.setTimeout(30_000);

const suite = useHarness();

const listed = async (id: string) => {
  const got = await send<RunnerList>(listRoute as never, { path: "/api/runners" });
  return got.body.items.find((runner) => runner.id === id);
};

test("drained through the heartbeat: its warm session is released and it says drained", async () => {
  const logs: string[] = [];
  await suite.h.startRunner({ runnerId: "warm-drain", env: { ARBOR_WARM_SESSIONS: "1", ARBOR_WARM_IDLE_SECONDS: "60" }, log: (line) => logs.push(line) });
  const issueId = (await makeIssue()).id;
  const created = await api.create({ issueId, prompt: "drain me warm" });
  const done = await waitForEnd(created.body.id, 20_000);
  expect(done).toMatchObject({ status: "completed", runnerId: "warm-drain" });
  const pid = done.launch!.pid!;
  await waitFor(async () => (await prisma.session.findFirst({ where: { warmRunnerId: "warm-drain" } })) !== null, "the session kept warm", 10_000);
  // The heartbeat (every 5 s) reports the warm process.
  await waitFor(async () => (await listed("warm-drain"))?.warmSessions === 1, "one warm session on the list", 10_000);

  // Drain asked with no NOTIFY: the heartbeat reads draining_at.
  await prisma.runner.update({ where: { id: "warm-drain" }, data: { drainingAt: new Date() } });
  await waitFor(async () => (await prisma.runner.findUnique({ where: { id: "warm-drain" } }))?.drainedAt, "drained", 15_000);
  expect(liveGroupMembers(pid)).toEqual([]);
  expect(await prisma.session.count({ where: { warmRunnerId: "warm-drain" } })).toBe(0);
  expect(await listed("warm-drain")).toMatchObject({ state: "drained", alive: true, warmSessions: 0, running: 0 });
  expect(logs.join("\n")).toMatch(/warm session .* closed: the runner is draining/);
  expect(logs.join("\n")).toMatch(/runner warm-drain drained/);
});
