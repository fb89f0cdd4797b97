import pg from "pg";
import { GET as searchRoute } from "@/app/api/search/route";
import type { SearchResponse } from "@/lib/search/schema";
import { prisma } from "@/server/db";
import { EventWriter } from "@/server/runner/turn/event-writer";
import { indexAllPendingEvents, indexPendingEvents, startSearchIndexer } from "@/server/search/index-pending-events";
import { resetDb, testDatabaseUrl } from "@/test/support/db";
import { apiRequest, call } from "@/test/support/api";
import { makeIssue } from "@/test/support/factories";

// The event writer stores search_text only; the search indexer fills
// search_vector afterwards, in seq ranges, and advances the execution's
// watermark (executions.search_indexed_seq) in the same transaction.

jest.setTimeout(60_000);

let pool: pg.Pool;

beforeAll(async () => {
  await resetDb();
  pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 6 });
});
afterAll(async () => {
  await pool.end();
  await prisma.$disconnect();
});

async function newExecution(prompt: string) {
  const issue = await makeIssue({ title: `Deferred ${prompt}` });
  return prisma.execution.create({ data: { id: crypto.randomUUID(), issueId: issue.id, agent: "claude", prompt, cwd: "/w", status: "completed" } });
}

/** Stores `count` events, every third one without search text. */
async function store(executionId: string, count: number, word: string) {
  const writer = new EventWriter(pool, executionId);
  for (let i = 1; i <= count; i++) {
    const searchText = i % 3 === 0 ? null : `${word} line ${i}`;
    writer.push({ stream: "stdout", kind: "assistant", json: JSON.stringify({ i }), searchText });
  }
  await writer.flush();
  expect(writer.error).toBeNull();
}

async function state(executionId: string) {
  const [row] = await prisma.$queryRaw<{ text: bigint; vectors: bigint; watermark: number; event_count: number }[]>`
    SELECT count(e.search_text) AS text, count(e.search_vector) AS vectors, x.search_indexed_seq AS watermark, x.event_count
      FROM executions x LEFT JOIN execution_events e ON e.execution_id = x.id
     WHERE x.id = ${executionId}::uuid GROUP BY x.id`;
  return { text: Number(row.text), vectors: Number(row.vectors), watermark: row.watermark, eventCount: row.event_count };
}

async function search(query: string): Promise<SearchResponse> {
  const response = await call<SearchResponse>(searchRoute, apiRequest("GET", `/api/search?q=${encodeURIComponent(query)}`));
  expect(response.status).toBe(200);
  return response.body;
}
const hitsIn = (response: SearchResponse, executionId: string) =>
  response.groups.flatMap((g) => g.hits).filter((h) => h.executionId === executionId && h.kind !== "prompt");

test("events are stored unindexed; the indexer fills their vectors in batches and advances the watermark", async () => {
  const execution = await newExecution("deferred one");
  await store(execution.id, 30, "quokka");
  expect(await state(execution.id)).toEqual({ text: 20, vectors: 0, watermark: 0, eventCount: 30 });
  expect(hitsIn(await search("quokka"), execution.id)).toEqual([]);

  const first = await indexPendingEvents(pool, { maxEvents: 12 });
  expect(first).toEqual({ executions: 1, indexed: 8, advanced: 12 });
  expect(await state(execution.id)).toMatchObject({ vectors: 8, watermark: 12 });

  const rest = await indexAllPendingEvents(pool);
  expect(rest).toMatchObject({ indexed: 12, advanced: 18 });
  expect(await state(execution.id)).toEqual({ text: 20, vectors: 20, watermark: 30, eventCount: 30 });
  expect(await indexPendingEvents(pool)).toEqual({ executions: 0, indexed: 0, advanced: 0 });

  const hits = hitsIn(await search("quokka"), execution.id);
  expect(hits.length).toBeGreaterThan(0);
  expect(hits.map((h) => h.seq)).toContain(1);
  expect(hits.every((h) => h.kind === "assistant" && h.seq! % 3 !== 0)).toBe(true); // only events with search text

  // More output later: only the new range is indexed.
  const writer = new EventWriter(pool, execution.id, 30);
  writer.push({ stream: "stdout", kind: "assistant", json: "{}", searchText: "wombat arrives late" });
  await writer.flush();
  expect(await indexPendingEvents(pool)).toEqual({ executions: 1, indexed: 1, advanced: 1 });
  expect(hitsIn(await search("wombat"), execution.id)).toHaveLength(1);
});

test("concurrent indexers never process the same range twice", async () => {
  const executions = await Promise.all(["a", "b", "c"].map((x) => newExecution(`concurrent ${x}`)));
  for (const execution of executions) await store(execution.id, 300, "platypus");
  const results = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const total = { indexed: 0, advanced: 0 };
      for (;;) {
        const batch = await indexPendingEvents(pool, { maxEvents: 50 });
        if (batch.advanced === 0) {
          const pending = await prisma.execution.count({ where: { id: { in: executions.map((e) => e.id) }, searchIndexedSeq: { lt: 300 } } });
          if (pending === 0) return total;
          await new Promise((r) => setTimeout(r, 5)); // another indexer holds the rest
          continue;
        }
        total.indexed += batch.indexed;
        total.advanced += batch.advanced;
      }
    }),
  );
  // Every seq range was claimed exactly once, and more than one indexer did work.
  expect(results.reduce((n, r) => n + r.advanced, 0)).toBe(900);
  expect(results.reduce((n, r) => n + r.indexed, 0)).toBe(600);
  expect(results.filter((r) => r.advanced > 0).length).toBeGreaterThan(1);
  for (const execution of executions) expect(await state(execution.id)).toEqual({ text: 200, vectors: 200, watermark: 300, eventCount: 300 });
});

test("the background indexer waits for ingestion to go quiet, then catches up; it stops cleanly", async () => {
  const execution = await newExecution("background");
  const indexer = startSearchIndexer(pool, { quietMs: 150, maxDeferMs: 60_000, idleMs: 50 });
  try {
    // Keep "ingesting": the indexer defers.
    indexer.noteIngest();
    const ingest = setInterval(() => indexer.noteIngest(), 20);
    await store(execution.id, 10, "echidna");
    await new Promise((r) => setTimeout(r, 400));
    expect((await state(execution.id)).watermark).toBe(0);
    clearInterval(ingest);
    const deadline = Date.now() + 5_000;
    while ((await state(execution.id)).watermark < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(await state(execution.id)).toMatchObject({ vectors: 7, watermark: 10 });
    expect(hitsIn(await search("echidna"), execution.id).length).toBeGreaterThan(0);
  } finally {
    await indexer.stop();
  }
});

test("a failed batch does not stop later ones, and the first error is kept", async () => {
  const execution = await newExecution("failure");
  const writer = new EventWriter(pool, execution.id);
  // seq 1 exists already, so the writer's first batch (seq 1–2) fails on the primary key.
  await prisma.$executeRaw`INSERT INTO execution_events (execution_id, seq, stream, kind, payload) VALUES (${execution.id}::uuid, 1, 'stdout', 'x', '{}'::jsonb)`;
  writer.push({ stream: "stdout", kind: "assistant", json: "{}", searchText: "first" });
  writer.push({ stream: "stdout", kind: "assistant", json: "{}", searchText: "second" });
  await expect(writer.flush()).rejects.toThrow();
  const firstError = writer.error;
  expect(firstError).not.toBeNull();
  writer.push({ stream: "arbor", kind: "error", json: JSON.stringify({ message: "Some output could not be stored" }) });
  await writer.flush();
  expect(writer.error).toBe(firstError);
  const rows = await prisma.executionEvent.findMany({ where: { executionId: execution.id }, orderBy: { seq: "asc" }, select: { seq: true, kind: true } });
  expect(rows).toEqual([
    { seq: 1, kind: "x" },
    { seq: 3, kind: "error" },
  ]);
});
