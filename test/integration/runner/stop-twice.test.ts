import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { startRunner } from "@/server/runner/process/run-runner";
import { resetDb, testDatabaseUrl } from "@/test/support/db";

// A terminal's Ctrl-C reaches npm, tsx and the runner at once, so stop() is
// asked for more than once: every caller must wait for the same clean-up, or
// the process exits half-way (its row never says it stopped).

jest.setTimeout(60_000);

beforeAll(resetDb);
afterAll(async () => {
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

test("a second stop() resolves only once the runner has stopped, as the first does", async () => {
  const runner = await startRunner({ databaseUrl: testDatabaseUrl(), runnerId: "runner-stopped-twice" });
  const stoppedAt = async () => (await prisma.runner.findUniqueOrThrow({ where: { id: "runner-stopped-twice" } })).stoppedAt;
  const first = runner.stop();
  const second = runner.stop();
  expect(second).toBe(first);
  await second;
  expect(await stoppedAt()).not.toBeNull();
});
