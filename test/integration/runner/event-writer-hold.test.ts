import { randomUUID } from "node:crypto";
import pg from "pg";
import { prisma } from "@/server/db";
import { EventWriter } from "@/server/runner/turn/event-writer";
import { testDatabaseUrl } from "@/test/support/db";
import { makeIssue } from "@/test/support/factories";
import { waitFor } from "@/test/support/wait";

// While an agent is on its way to its model request the runner holds its
// event writes (execute-job.ts): pushed events wait instead of being written
// after the usual 25 ms, and are written at once when the hold ends. A full
// batch, an explicit flush and the end of a turn never wait.

let pool: pg.Pool;
let issueId: string;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 4 });
  issueId = (await makeIssue({ title: "Held event writes" })).id;
});
afterAll(async () => {
  await pool.end();
});

async function execution(): Promise<string> {
  const row = await prisma.execution.create({ data: { id: randomUUID(), issueId, agent: "claude", prompt: "hold", cwd: "/tmp", status: "running" } });
  return row.id;
}

const stored = (executionId: string) => prisma.executionEvent.count({ where: { executionId } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("held events wait past the usual window, then are written as soon as the hold ends", async () => {
  const id = await execution();
  const writer = new EventWriter(pool, id);
  let release!: () => void;
  writer.hold(new Promise<void>((resolve) => (release = resolve)));
  writer.push({ stream: "stdout", kind: "text", json: JSON.stringify({ n: 1 }) });
  writer.push({ stream: "stdout", kind: "text", json: JSON.stringify({ n: 2 }) });
  await sleep(200);
  expect(await stored(id)).toBe(0);
  release();
  await waitFor(async () => (await stored(id)) === 2, "the held events to be written", 5_000);
  // Not held any more: the next one goes after the usual window.
  writer.push({ stream: "stdout", kind: "text", json: JSON.stringify({ n: 3 }) });
  await waitFor(async () => (await stored(id)) === 3, "the next event to be written", 5_000);
});

test("a later hold replaces an earlier one, and flush() never waits for a hold", async () => {
  const id = await execution();
  const writer = new EventWriter(pool, id);
  let releaseFirst!: () => void;
  writer.hold(new Promise<void>((resolve) => (releaseFirst = resolve)));
  writer.hold(new Promise<void>(() => {}));
  writer.push({ stream: "arbor", kind: "launch", json: "{}" });
  // The first hold ending does not release the second.
  releaseFirst();
  await sleep(150);
  expect(await stored(id)).toBe(0);
  await writer.flush();
  expect(await stored(id)).toBe(1);
});
