import fs from "node:fs";
import { prisma } from "@/server/db";
import { api, waitForDto, waitForEnd } from "@/test/support/executions-api";
import { useRunningHarness } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";

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
