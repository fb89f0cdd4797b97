import fs from "node:fs";
import path from "node:path";
import type { ExecutionDto } from "@/lib/executions/schema";
import type { LogEntry } from "@/lib/executions/log-entries";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { closeListener } from "@/server/realtime/pg-listener";
import { resetDb } from "@/test/support/db";
import { api, waitForEnd } from "@/test/support/executions-api";
import { createHarness, type Harness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { type SseMessage, SseReader } from "@/test/support/sse-reader";
import { deferred } from "@/test/support/wait";
import { isToolResultTurn, type RecordedRequest, type Reply } from "@/test/support/messages-api";

// GET /api/executions/:id/events as Server-Sent Events: each log entry comes
// with `id: <seq>`, status updates come as `status`, and `end` closes the
// stream once the run is over. A client that reconnects with Last-Event-ID
// gets exactly the entries after that id: no gaps, no repeats, also while the
// run is still live.

jest.setTimeout(60_000);

const ROUNDS = 3;

let h: Harness;
const finalAnswer = deferred();
beforeAll(async () => {
  await resetDb();
  h = await createHarness();
  for (let i = 0; i < ROUNDS; i++) fs.writeFileSync(path.join(h.workspace, `note-${i}.txt`), `note number ${i}\n`);
  // Several tool rounds make enough entries to reconnect in the middle; the
  // last answer waits, so the run is still live when the client reconnects.
  h.api.setScript(async (request: RecordedRequest): Promise<Reply> => {
    const round = request.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])).filter((b) => b.type === "tool_result").length;
    if (round < ROUNDS)
      return {
        kind: "tool_use",
        text: `Reading note ${round}`,
        calls: [{ name: "Read", input: { file_path: path.join(fs.realpathSync(h.workspace), `note-${round}.txt`) } }],
      };
    if (isToolResultTurn(request)) await finalAnswer.promise;
    return { kind: "text", text: "Read them all" };
  });
  await h.startRunner();
});
afterAll(async () => {
  await h?.close();
  await closeListener();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

type EntryEvent = { seq: number; stream: string; kind: string; entries: LogEntry[] };

function open(id: string, lastEventId?: number) {
  const controller = new AbortController();
  const request = new Request(`http://127.0.0.1:3000/api/executions/${id}/events`, {
    headers: { accept: "text/event-stream", ...(lastEventId === undefined ? {} : { "last-event-id": String(lastEventId) }) },
    signal: controller.signal,
  });
  return {
    response: api.routes.eventsRoute(request, { params: Promise.resolve({ id }) }),
    async close(reader: SseReader) {
      controller.abort();
      await reader.cancel();
    },
  };
}

/** Reads until `until` says stop (or the stream ends); returns every event seen. */
async function read(reader: SseReader, until: (message: SseMessage, seen: SseMessage[]) => boolean): Promise<SseMessage[]> {
  const seen: SseMessage[] = [];
  for (;;) {
    const message = await reader.next();
    if (!message) return seen;
    seen.push(message);
    if (until(message, seen)) return seen;
  }
}

function entryIds(messages: SseMessage[]): number[] {
  return messages
    .filter((m) => m.event === "entry")
    .map((m) => {
      const data = JSON.parse(m.data) as EntryEvent;
      expect(m.id).toBe(String(data.seq));
      expect(data.entries.length).toBeGreaterThan(0);
      return data.seq;
    });
}

test("live stream, reconnect with Last-Event-ID mid-run, and replay after the end", async () => {
  const issueId = (await makeIssue()).id;
  const created = await api.create({ issueId, prompt: "read the notes" });
  expect(created.status).toBe(201);
  const id = created.body.id;

  // First connection: from the start, while the run is under way.
  const first = open(id);
  const firstResponse = await first.response;
  expect(firstResponse.status).toBe(200);
  expect(firstResponse.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const firstReader = new SseReader(firstResponse.body!);
  const firstPart = await read(firstReader, (_, seen) => entryIds(seen).length >= 3);
  expect(firstPart.some((m) => m.event === "status")).toBe(true);
  await first.close(firstReader);
  const resumeAfter = entryIds(firstPart).at(-1)!;

  // Second connection: resumes after the last id the client saw, while the run is still live.
  expect((await api.get(id)).body.status).toBe("running");
  const second = open(id, resumeAfter);
  const secondReader = new SseReader((await second.response).body!);
  const secondPart = await read(secondReader, (m) => m.event === "status");
  finalAnswer.resolve();
  secondPart.push(...(await read(secondReader, (m) => m.event === "end")));
  expect(await secondReader.next()).toBeNull(); // the server closed the stream after `end`

  const end = secondPart.at(-1)!;
  expect(end.event).toBe("end");
  expect((JSON.parse(end.data) as ExecutionDto).status).toBe("completed");
  const statuses = secondPart.filter((m) => m.event === "status").map((m) => (JSON.parse(m.data) as ExecutionDto).status);
  expect(statuses.at(-1)).toBe("completed");

  // Together the two connections saw every entry exactly once, in order.
  const done = await waitForEnd(id);
  const all = (await api.events(id)).body.events.filter((e) => e.entries.length > 0);
  const expected = all.map((e) => e.seq);
  const seen = [...entryIds(firstPart), ...entryIds(secondPart)];
  expect(seen).toEqual(expected);
  expect(entryIds(secondPart)).toEqual(expected.filter((seq) => seq > resumeAfter));
  expect(expected.length).toBeGreaterThanOrEqual(2 * ROUNDS + 3); // init, tool call + result per round, text, result
  expect(all.flatMap((e) => e.entries).filter((e) => e.type === "tool_result")).toHaveLength(ROUNDS);
  expect(done.eventCount).toBe(Math.max(...(await api.events(id)).body.events.map((e) => e.seq)));

  // After the end: a replay from the middle, and from the last id.
  const middle = expected[Math.floor(expected.length / 2)];
  const replay = open(id, middle);
  const replayMessages = await read(new SseReader((await replay.response).body!), () => false);
  expect(entryIds(replayMessages)).toEqual(expected.filter((seq) => seq > middle));
  expect(replayMessages.at(-1)!.event).toBe("end");

  const caughtUp = open(id, done.eventCount);
  const caughtUpMessages = await read(new SseReader((await caughtUp.response).body!), () => false);
  expect(caughtUpMessages.map((m) => m.event)).toEqual(["status", "end"]);
});
