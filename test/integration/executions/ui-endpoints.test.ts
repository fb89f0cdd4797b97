import pg from "pg";
import { GET as listRoute } from "@/app/api/executions/route";
import { GET as streamRoute } from "@/app/api/executions/stream/route";
import { GET as summaryRoute } from "@/app/api/executions/[id]/summary/route";
import { GET as eventsRoute } from "@/app/api/executions/[id]/events/route";
import { GET as executionRoute } from "@/app/api/executions/[id]/route";
import type { ExecutionDto, ExecutionListItem, ExecutionSummary } from "@/lib/executions/schema";
import { seedEvents, seedSessionTree } from "@/bench/lib/seed-ui";
import { prisma } from "@/server/db";
import { readExecutionPage } from "@/server/executions/read-execution-page";
import { STATUS_CHANNEL } from "@/server/realtime/channels";
import { closeListener } from "@/server/realtime/pg-listener";
import { resetDb, testDatabaseUrl } from "@/test/support/db";
import { type ErrorBody, send } from "@/test/support/api";
import { SseReader } from "@/test/support/sse-reader";

// The endpoints the UI added for lists across issues (home), Compare, and live
// status updates without polling.

let client: pg.Client;
let tree: { issueId: string; ids: string[] };
let other: { issueId: string; ids: string[] };

beforeAll(async () => {
  await resetDb();
  client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  tree = await seedSessionTree(client, { count: 12, roots: 1, title: "Tree", live: 2 });
  other = await seedSessionTree(client, { count: 2, roots: 1, title: "Other issue" });
  await seedEvents(client, { executionId: tree.ids[0], sessionId: "s", events: 17 });
});

afterAll(async () => {
  await client?.end();
  await closeListener();
  await prisma.$disconnect();
});

describe("GET /api/executions", () => {
  it("lists executions across issues, newest first, filtered by status, with their issue's title", async () => {
    const all = await send<{ items: ExecutionListItem[] }>(listRoute, { path: "/api/executions?limit=100" });
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(14);
    const created = all.body.items.map((e) => e.createdAt);
    expect([...created].sort().reverse()).toEqual(created);

    const running = await send<{ items: ExecutionListItem[] }>(listRoute, { path: "/api/executions?status=running,queued&limit=5" });
    expect(running.body.items.map((e) => e.id).sort()).toEqual(tree.ids.slice(-2).sort());
    expect(running.body.items[0]).toMatchObject({ status: "running", issueId: tree.issueId, issueTitle: "Tree" });

    const ofIssue = await send<{ items: ExecutionListItem[] }>(listRoute, { path: `/api/executions?issueId=${other.issueId.toLowerCase()}` });
    expect(ofIssue.body.items.map((e) => e.id).sort()).toEqual([...other.ids].sort());
  });

  it("answers 422 with a readable message for a bad filter", async () => {
    const bad = await send<ErrorBody>(listRoute, { path: "/api/executions?status=sleeping" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toMatch(/unknown status sleeping/);
    const tooMany = await send<ErrorBody>(listRoute, { path: "/api/executions?limit=1000" });
    expect(tooMany.status).toBe(422);
  });
});

describe("GET /api/executions/:id/summary", () => {
  it("reads the final answer, tools, files and commands from the whole log", async () => {
    const { status, body } = await send<ExecutionSummary>(summaryRoute, { id: tree.ids[0], path: `/api/executions/${tree.ids[0]}/summary` });
    expect(status).toBe(200);
    // 17 events: init, then turns of text, Bash, Read, Edit, thinking… and the final result.
    expect(body.finalAnswer).toMatch(/^All done/);
    expect(body.tools.map((t) => t.tool).sort()).toEqual(["Bash", "Edit", "Read"]);
    expect(body.files[0].path).toMatch(/^\/workspace\/app\/src\/billing\/module-\d+\.ts$/);
    expect(body.commands[0]).toMatch(/^npm test/);
    const missing = await send<ErrorBody>(summaryRoute, { id: "nope", path: "/api/executions/nope/summary" });
    expect(missing.status).toBe(404);
  });
});

describe("GET /api/executions/:id/events?tail=", () => {
  it("starts the page that many events before the end and says where", async () => {
    const id = tree.ids[0];
    const page = await send<{ events: { seq: number }[]; nextAfter: number; after: number }>(eventsRoute, {
      id,
      path: `/api/executions/${id}/events?tail=5&limit=5000`,
      headers: { accept: "application/json" },
    });
    expect(page.status).toBe(200);
    expect(page.body.after).toBe(12);
    expect(page.body.events.map((e) => e.seq)).toEqual([13, 14, 15, 16, 17]);
    expect(page.body.nextAfter).toBe(17);
    const all = await send<{ after: number; events: unknown[] }>(eventsRoute, {
      id,
      path: `/api/executions/${id}/events?tail=100`,
      headers: { accept: "application/json" },
    });
    expect(all.body.after).toBe(0);
    expect(all.body.events).toHaveLength(17);
  });
});

describe("readExecutionPage (what the execution page draws in its HTML)", () => {
  it("is what the browser would have been answered: the execution, and the events after the tail's start", async () => {
    const id = tree.ids[0];
    const read = await readExecutionPage(id, 5);
    if (!read.ok) throw new Error(read.error.message);
    const execution = await send<ExecutionDto>(executionRoute, { id, path: `/api/executions/${id}` });
    const tail = await send(eventsRoute, { id, path: `/api/executions/${id}/events?tail=5&limit=5000`, headers: { accept: "application/json" } });
    // The same JSON values: no Date or undefined left for the browser's cache to trip on.
    expect(read.value.execution).toEqual(execution.body);
    expect(read.value.tail).toEqual(tail.body);
    expect(read.value.tail.events.map((e) => e.seq)).toEqual([13, 14, 15, 16, 17]);
  });

  it("says not_found for an execution that is not there (the page then lets the browser ask and say so)", async () => {
    const read = await readExecutionPage("00000000-0000-4000-8000-000000000000", 5);
    expect(read.ok ? "found" : read.error.code).toBe("not_found");
  });
});

describe("GET /api/executions/stream", () => {
  it("sends an execution whenever its status changes (only the asked issue's)", async () => {
    const controller = new AbortController();
    const request = new Request(`http://127.0.0.1:3000/api/executions/stream?issueId=${tree.issueId}`, { signal: controller.signal });
    const response = await streamRoute(request, { params: Promise.resolve({}) } as never);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = new SseReader(response.body!);
    expect((await reader.next())?.event).toBe("ready");

    await client.query(`UPDATE executions SET status = 'completed', finished_at = now() WHERE id = $1`, [tree.ids.at(-1)]);
    // Another issue's change is not sent; ours is (in a burst, coalesced).
    await client.query(`SELECT pg_notify($1, $2)`, [STATUS_CHANNEL, other.ids[0]]);
    await client.query(`SELECT pg_notify($1, $2)`, [STATUS_CHANNEL, tree.ids.at(-1)]);
    await client.query(`SELECT pg_notify($1, $2)`, [STATUS_CHANNEL, tree.ids.at(-1)]);
    const message = await reader.next();
    expect(message?.event).toBe("status");
    const dto = JSON.parse(message!.data) as ExecutionDto;
    expect(dto).toMatchObject({ id: tree.ids.at(-1), status: "completed", issueId: tree.issueId });

    const bad = await streamRoute(new Request("http://127.0.0.1:3000/api/executions/stream?issueId=nope"), { params: Promise.resolve({}) } as never);
    expect(bad.status).toBe(422);
    controller.abort();
    await reader.cancel();
  });
});
