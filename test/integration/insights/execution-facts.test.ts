import pg from "pg";
import lines from "@/server/agents/claude/__fixtures__/stream-json-2.1.330.json";
import { prisma } from "@/server/db";
import { EventWriter } from "@/server/runner/turn/event-writer";
import { recordSessionCapture } from "@/server/sessions/record-session-capture";
import { indexAllPendingEvents, indexPendingEvents } from "@/server/search/index-pending-events";
import { resetDb, testDatabaseUrl } from "@/test/support/db";
import { makeIssue } from "@/test/support/factories";

// execution_facts: Insights' row per execution. The trigger mirrors the
// execution's columns as they change; the search indexer adds what only the
// events say (model, tools), reading each event once, in its transaction.

const claude = lines as Record<string, string>;

let pool: pg.Pool;
let issueId: string;

beforeAll(async () => {
  await resetDb();
  pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 4 });
  issueId = (await makeIssue({ title: "Facts" })).id;
});
afterAll(async () => {
  await pool.end();
  await prisma.$disconnect();
});

const newExecution = (agent = "claude") =>
  prisma.execution.create({ data: { id: crypto.randomUUID(), issueId, agent, prompt: "p", cwd: "/w", targetSessionId: crypto.randomUUID() } });

async function store(executionId: string, startSeq: number, raw: string[]) {
  const writer = new EventWriter(pool, executionId, startSeq);
  for (const line of raw)
    writer.push({ stream: "stdout", kind: JSON.parse(line).type === "system" ? `system_${JSON.parse(line).subtype}` : JSON.parse(line).type, json: line });
  await writer.flush();
}

const facts = (id: string) => prisma.executionFacts.findUniqueOrThrow({ where: { executionId: id } });

test("the trigger mirrors an execution as the runner writes it", async () => {
  const e = await newExecution();
  expect(await facts(e.id)).toMatchObject({ status: "queued", lineage: "new", hasSession: false, sessionMs: null, model: null, tools: [], toolCalls: 0 });

  const startedAt = new Date("2026-05-01T10:00:00.000Z");
  await prisma.execution.update({ where: { id: e.id }, data: { status: "running", startedAt } });
  await prisma.execution.update({ where: { id: e.id }, data: { sessionId: e.targetSessionId } });
  // Pinned, capture time not recorded yet: no time to report (not 0 ms).
  expect(await facts(e.id)).toMatchObject({ status: "running", hasSession: true, sessionMs: null });
  await prisma.execution.update({ where: { id: e.id }, data: { sessionCapturedAt: new Date(startedAt.getTime() + 1234) } });
  await prisma.execution.update({
    where: { id: e.id },
    data: { status: "failed", errorCode: "agent_error", inputTokens: 10, outputTokens: 2, cacheReadTokens: 7, costUsd: 0.5, numTurns: 2 },
  });
  expect(await facts(e.id)).toMatchObject({
    status: "failed",
    sessionMs: 1234,
    errorCode: "agent_error",
    inputTokens: 10,
    outputTokens: 2,
    cacheReadTokens: 7,
    costUsd: 0.5,
    numTurns: 2,
  });

  const fork = await prisma.execution.create({
    data: { id: crypto.randomUUID(), issueId, agent: "claude", prompt: "f", cwd: "/w", forkedFromExecutionId: e.id },
  });
  expect((await facts(fork.id)).lineage).toBe("fork");
  await prisma.execution.delete({ where: { id: fork.id } });
  expect(await prisma.executionFacts.count({ where: { executionId: fork.id } })).toBe(0);
});

test("the search indexer collects the model and the tools once per event range", async () => {
  const e = await newExecution();
  await store(e.id, 0, [claude.init, claude.assistantToolUseRead, claude.userToolResultRead, claude.assistantToolUseEdit, claude.userToolResultEdit]);
  await indexAllPendingEvents(pool, { executionId: e.id });
  expect(await facts(e.id)).toMatchObject({ model: "claude-opus-5-5", tools: ["Edit", "Read"], toolCalls: 2 });

  // Later output: only the new range is read; tools are a sorted set, calls add up.
  await store(e.id, 5, [claude.assistantBashToolUse, claude.assistantToolUseRead, claude.assistantText]);
  const batch = await indexPendingEvents(pool, { executionId: e.id });
  expect(batch.advanced).toBe(3);
  expect(await facts(e.id)).toMatchObject({ model: "claude-opus-5-5", tools: ["Bash", "Edit", "Read"], toolCalls: 4 });
  await indexAllPendingEvents(pool, { executionId: e.id });
  expect((await facts(e.id)).toolCalls).toBe(4);
});

test("agents without tool calls leave their facts alone", async () => {
  const e = await newExecution("command");
  const writer = new EventWriter(pool, e.id);
  writer.push({ stream: "stdout", kind: "text", json: JSON.stringify({ text: "hello" }) });
  await writer.flush();
  await indexAllPendingEvents(pool, { executionId: e.id });
  expect(await facts(e.id)).toMatchObject({ model: null, tools: [], toolCalls: 0 });
});

test("capturing a session records when, once, and Insights' time to session id follows", async () => {
  const e = await newExecution();
  const startedAt = new Date(Date.now() - 2_000);
  await prisma.execution.update({ where: { id: e.id }, data: { status: "running", startedAt, sessionId: e.targetSessionId } });
  const before = Date.now();
  expect(await recordSessionCapture(e.id)).toMatch(/^SESS-\d+$/);
  const first = (await prisma.execution.findUniqueOrThrow({ where: { id: e.id } })).sessionCapturedAt!;
  expect(first.getTime()).toBeGreaterThanOrEqual(before - 5);
  expect(first.getTime()).toBeLessThanOrEqual(Date.now());
  await recordSessionCapture(e.id);
  expect((await prisma.execution.findUniqueOrThrow({ where: { id: e.id } })).sessionCapturedAt).toEqual(first);
  expect((await facts(e.id)).sessionMs).toBe(first.getTime() - startedAt.getTime());

  // No session id pinned: nothing to record.
  const none = await newExecution();
  await recordSessionCapture(none.id);
  expect((await prisma.execution.findUniqueOrThrow({ where: { id: none.id } })).sessionCapturedAt).toBeNull();
});
