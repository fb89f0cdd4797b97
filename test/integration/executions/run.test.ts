import fs from "node:fs";
import { prisma } from "@/server/db";
import { api, waitForDto, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { waitFor } from "@/test/support/wait";

// A run from POST to completion: queued at once, the session id pinned while
// the agent is still working, usage recorded, every event stored in order and
// readable as normalized log entries.

jest.setTimeout(60_000);

const suite = useRunningHarness();

test("POST runs the agent: queued, session pinned mid-run, completed with usage and ordered events", async () => {
  const issueId = (await makeIssue()).id;
  const gate = suite.standIn.hold("Please echo banana");

  const created = await api.create({ issueId, prompt: "Please echo banana" });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ issueId, agent: "claude", prompt: "Please echo banana", status: "queued", sessionId: null, usage: null });
  expect(created.body.cwd).toBe(fs.realpathSync(suite.h.workspace));

  // The model has the request and is holding its answer: the run is live.
  const request = await gate.arrived;
  const live = await waitForDto(created.body.id, (e) => e.sessionId !== null, "the pinned session id");
  expect(live.status).toBe("running");
  expect(live.sessionId).toBe(request.sessionId);
  expect(live.startedAt).not.toBeNull();
  expect(live.finishedAt).toBeNull();
  gate.release();

  const done = await waitForEnd(created.body.id);
  expect(done).toMatchObject({ status: "completed", error: null, sessionId: live.sessionId, sessionConfirmed: true, runnerId: "test-runner" });
  expect(done.usage).toEqual({
    inputTokens: expect.any(Number),
    outputTokens: expect.any(Number),
    cacheReadTokens: 0,
    cacheCreationTokens: 0,
    costUsd: expect.any(Number),
    durationMs: expect.any(Number),
    numTurns: 1,
  });
  expect(done.usage!.inputTokens).toBeGreaterThan(0);
  expect(done.usage!.outputTokens).toBeGreaterThan(0);
  expect(done.usage!.costUsd).toBeGreaterThan(0);

  // Stored in order, seq 1..n without gaps, and the count on the execution agrees.
  const rows = await prisma.executionEvent.findMany({ where: { executionId: done.id }, orderBy: { seq: "asc" } });
  expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
  expect(done.eventCount).toBe(rows.length);
  const kinds = rows.map((r) => r.kind);
  expect(kinds[0]).toBe("launch");
  expect(kinds).toEqual(expect.arrayContaining(["system_init", "assistant", "result"]));
  expect(kinds.indexOf("system_init")).toBeLessThan(kinds.indexOf("assistant"));
  // With streaming input (warm sessions) the CLI's bookkeeping of the message ends the output: "completed", after the result.
  expect(kinds.filter((k) => k !== "command_lifecycle").at(-1)).toBe("result");
  expect(kinds.at(-1)).toBe("command_lifecycle");

  // The JSON view of the events: normalized entries, paged by seq.
  const events = await api.events(done.id);
  expect(events.status).toBe(200);
  expect(events.body.events.map((e) => e.seq)).toEqual(rows.map((r) => r.seq));
  expect(events.body.nextAfter).toBe(rows.length);
  const entries = events.body.events.flatMap((e) => e.entries);
  expect(entries).toContainEqual({ type: "assistant_text", text: "Echo: Please echo banana" });
  expect(entries).toContainEqual(expect.objectContaining({ type: "system_init" }));
  expect(entries).toContainEqual(expect.objectContaining({ type: "result", isError: false, text: "Echo: Please echo banana" }));

  const page = await api.events(done.id, 2);
  expect(page.body.events.map((e) => e.seq)).toEqual(rows.slice(2).map((r) => r.seq));
});

test("the answer streams as it is written: drafts stored a few at a time while the model writes, then the complete message", async () => {
  const issueId = (await makeIssue()).id;
  const answer = "Streaming is a way to show the agent's words as they are written, not all at once at the end.";
  suite.standIn.on("Stream your answer", () => ({ kind: "text", text: answer, chunkSize: 4, chunkDelayMs: 40 }));
  const run = (await api.create({ issueId, prompt: "Stream your answer" })).body;
  // While the model still writes, part of the answer is already in the log as drafts.
  const partial = await waitForDto(run.id, (e) => e.eventCount > 0, "events");
  const early = await waitFor(
    async () => {
      const entries = (await api.events(run.id)).body.events.flatMap((e) => e.entries);
      const drafts = entries.filter((e) => e.type === "text_draft");
      return drafts.length > 0 && !entries.some((e) => e.type === "assistant_text") ? drafts : undefined;
    },
    "a draft before the complete message",
    20_000,
    10,
  );
  expect(partial.status).toBe("running");
  expect(answer.startsWith(early.map((d) => (d.type === "text_draft" ? d.text : "")).join(""))).toBe(true);

  await waitForEnd(run.id);
  const events = (await api.events(run.id)).body.events;
  const entries = events.flatMap((e) => e.entries);
  const drafts = entries.filter((e) => e.type === "text_draft").map((e) => (e.type === "text_draft" ? e.text : ""));
  // Every piece arrived, in order, joined into fewer events than the model's pieces of 4 characters
  // (about one draft per 80 ms while pieces come every 40 ms; how many exactly depends on the machine's timing).
  const pieces = Math.ceil(answer.length / 4);
  expect(drafts.join("")).toBe(answer);
  expect(drafts.length).toBeLessThan(pieces);
  expect(Math.max(...drafts.map((d) => d.length))).toBeGreaterThan(4);
  expect(entries).toContainEqual({ type: "assistant_text", text: answer });
  // The stream's framing (message_start, content_block_stop, …) is not stored.
  expect(events.some((e) => e.kind === "stream_event")).toBe(false);
});
