import fs from "node:fs";
import path from "node:path";
import { GET as searchRoute } from "@/app/api/search/route";
import type { SearchHit, SearchResponse } from "@/lib/search/schema";
import type { ApiErrorBody } from "@/lib/schemas/common";
import { prisma } from "@/server/db";
import { releaseWorkerUtils } from "@/server/queue/worker-utils";
import { ensureSessionOf } from "@/server/sessions/record-session-capture";
import { resetDb } from "@/test/support/db";
import { api } from "@/test/support/executions-api";
import { apiRequest, call } from "@/test/support/api";
import { createHarness, type Harness, waitForExecution, waitForSearchIndexed } from "@/test/support/executions-harness";
import { makeIssue } from "@/test/support/factories";
import { conversation, isToolResultTurn, lastUserText, type Script } from "@/test/support/messages-api";

// Search over what the real Claude Code CLI did (against the Messages-API
// stand-in): the runner stores each event's searchable text as it writes
// it, and its search indexer fills the vectors right after; GET /api/search finds prompts, assistant text, tool calls, files
// touched and session titles, ranks full matches above partial ones, and
// links each hit to its exact log entry.

jest.setTimeout(180_000);

let h: Harness;
let tokenStore: string;

const script: Script = (request) => {
  // The turn's prompt: after a tool call the last user message holds its result, so read the first one.
  const text = conversation(request)[0]?.text ?? lastUserText(request);
  if (text.includes("tidy the auth module")) {
    if (!isToolResultTurn(request)) {
      return {
        kind: "tool_use",
        text: "Let me write the new store.",
        calls: [{ name: "Write", input: { file_path: tokenStore, content: "export const store = new Map();\n" } }],
      };
    }
    return { kind: "text", text: "I rewrote the store so expired session tokens are rejected before the redirect." };
  }
  if (text.includes("look at caching")) return { kind: "text", text: "The session cache is warm and the hit rate is fine." };
  if (text.includes("count the tokens")) return { kind: "text", text: "There are three tokens in the header." };
  if (text.includes("quiet turn")) return { kind: "text", text: "Nothing to report." };
  return { kind: "text", text: `Echo: ${text}` };
};

async function search(query: string, limit?: number) {
  const url = `/api/search?q=${encodeURIComponent(query)}${limit ? `&limit=${limit}` : ""}`;
  return call<SearchResponse & ApiErrorBody>(searchRoute, apiRequest("GET", url));
}

const hitsOf = (response: SearchResponse): SearchHit[] => response.groups.flatMap((g) => g.hits).sort((a, b) => b.rank - a.rank || 0);
/** Hits in the order the API ranks them (groups keep the order of their best hit; within a group, rank order). */
const ranked = (response: SearchResponse): SearchHit[] => {
  const all = response.groups.flatMap((g) => g.hits);
  return all.sort((a, b) => Number(b.matchedAllTerms) - Number(a.matchedAllTerms) || b.rank - a.rank);
};

async function run(issueId: string, prompt: string) {
  const created = await api.create({ issueId, prompt });
  expect(created.status).toBe(201);
  const done = await waitForExecution(created.body.id);
  expect(done.status).toBe("completed");
  // Search vectors are filled by the runner's indexer shortly after the events are stored.
  await waitForSearchIndexed(done.id);
  return done;
}

let auth: Awaited<ReturnType<typeof run>>;
let cache: Awaited<ReturnType<typeof run>>;
let count: Awaited<ReturnType<typeof run>>;
let issueId: string;

beforeAll(async () => {
  await resetDb();
  h = await createHarness();
  tokenStore = path.join(fs.realpathSync(h.workspace), "src", "auth", "token-store.ts");
  h.api.setScript(script);
  await h.startRunner();
  issueId = (await makeIssue({ title: "Harden the login flow" })).id;
  auth = await run(issueId, "Please tidy the auth module");
  cache = await run(issueId, "Please look at caching");
  count = await run(issueId, "Please count the tokens");
});
afterAll(async () => {
  await h.close();
  await releaseWorkerUtils();
  await prisma.$disconnect();
});

test("the runner stores each event's searchable text (assistant text, tool names, file paths) with its vector", async () => {
  const rows = await prisma.$queryRaw<{ seq: number; kind: string; search_text: string | null; has_vector: boolean }[]>`
    SELECT seq, kind, search_text, search_vector IS NOT NULL AS has_vector
      FROM execution_events WHERE execution_id = ${auth.id}::uuid ORDER BY seq`;
  const write = rows.find((r) => r.search_text?.startsWith("Write"));
  expect(write).toBeDefined();
  expect(write!.search_text).toContain(tokenStore);
  expect(write!.search_text).toContain("auth/token-store.ts");
  expect(write!.search_text).toContain("token store ts");
  expect(write!.has_vector).toBe(true);
  expect(rows.some((r) => r.search_text?.includes("expired session tokens are rejected"))).toBe(true);
  // Tool results, the init line and the result line are not searchable.
  expect(rows.filter((r) => r.kind === "result" || r.kind === "system_init").every((r) => r.search_text === null && !r.has_vector)).toBe(true);
});

test("a hit matching every term ranks above partial matches, and links to its log entry", async () => {
  const { status, body } = await search("session tokens rejected");
  expect(status).toBe(200);
  const hits = ranked(body);
  expect(hits.length).toBeGreaterThanOrEqual(3);
  const [best, ...rest] = hits;
  expect(best).toMatchObject({ kind: "assistant", executionId: auth.id, issueId, matchedAllTerms: true });
  expect(best.snippet).toContain("expired session tokens are rejected");
  expect(best.highlights.map(([a, b]) => best.snippet.slice(a, b).toLowerCase())).toEqual(expect.arrayContaining(["session", "tokens", "rejected"]));
  const event = await prisma.executionEvent.findUniqueOrThrow({ where: { executionId_seq: { executionId: auth.id, seq: best.seq! } } });
  expect(JSON.stringify(event.payload)).toContain("expired session tokens are rejected");
  expect(best.href).toBe(`/executions/${auth.id}#seq-${best.seq}`);
  // Partial matches follow: the cache run (session) and the count run (tokens).
  expect(rest.every((hit) => !hit.matchedAllTerms)).toBe(true);
  expect(rest.map((hit) => hit.executionId)).toEqual(expect.arrayContaining([cache.id, count.id]));
  // The API's own order is the same: the first group holds the best hit first.
  expect(body.groups[0].hits[0]).toEqual(best);
});

test("files touched are found from tool calls, by path, file name or a path suffix", async () => {
  for (const query of ["token-store.ts", "auth/token-store.ts", tokenStore]) {
    const { body } = await search(query);
    const hit = hitsOf(body).find((h) => h.kind === "file");
    expect(hit).toBeDefined();
    expect(hit).toMatchObject({ executionId: auth.id, matchedAllTerms: true });
    expect(hit!.snippet).toContain(`Write ${tokenStore}`);
    const event = await prisma.executionEvent.findUniqueOrThrow({ where: { executionId_seq: { executionId: auth.id, seq: hit!.seq! } } });
    expect(JSON.stringify(event.payload)).toContain('"name":"Write"');
  }
  // "Write" is both the tool's name and a word of the assistant's text ("Let me write…"): both are found, each as what it is.
  const writes = hitsOf((await search("Write")).body).filter((h) => h.executionId === auth.id);
  expect(writes.map((h) => h.kind).sort()).toEqual(["assistant", "tool"]);
  const tool = writes.find((h) => h.kind === "tool")!;
  expect(tool.snippet).toBe(`Write ${tokenStore}`);
});

test("prompts and session titles are searched; hits are grouped by session", async () => {
  const prompt = hitsOf((await search("caching")).body).find((h) => h.kind === "prompt");
  expect(prompt).toMatchObject({ executionId: cache.id, seq: null, href: `/executions/${cache.id}` });

  const sessionId = await ensureSessionOf(auth.id);
  expect(sessionId).toMatch(/^SESS-\d+$/);
  await prisma.session.update({ where: { id: sessionId! }, data: { title: "Quokka rollout", description: "Ship the wombat release" } });
  const { body } = await search("quokka");
  const hit = hitsOf(body).find((h) => h.kind === "session");
  expect(hit).toMatchObject({ sessionId, executionId: auth.id, issueId });
  expect(body.groups[0]).toMatchObject({ key: sessionId, sessionId, title: "Quokka rollout", issueId, issueTitle: "Harden the login flow" });
  // A session title matching every term ranks above log lines matching some.
  const mixed = ranked((await search("quokka tokens")).body);
  expect(mixed[0]).toMatchObject({ kind: "session", matchedAllTerms: false });
  const titled = ranked((await search("wombat release")).body);
  expect(titled[0]).toMatchObject({ kind: "session", matchedAllTerms: true });

  // All of one session's hits share its group.
  const grouped = (await search("session tokens rejected")).body.groups.find((g) => g.sessionId === sessionId)!;
  expect(grouped.hits.every((h) => h.sessionId === sessionId)).toBe(true);
  expect(grouped.executionIds).toContain(auth.id);
});

test("phrases, exclusions and validation", async () => {
  const phrase = hitsOf((await search('"session cache"')).body);
  expect(phrase.map((h) => h.executionId)).toEqual([cache.id]);
  const excluded = hitsOf((await search("session -cache")).body);
  expect(excluded.some((h) => h.executionId === cache.id && h.kind === "assistant")).toBe(false);
  expect(excluded.some((h) => h.executionId === auth.id)).toBe(true);
  expect((await search("zanzibar")).body).toMatchObject({ hitCount: 0, groups: [] });
  expect((await search("the and of")).body.hitCount).toBe(0);
  expect(hitsOf((await search("session", 1)).body)).toHaveLength(1);

  expect((await search("")).status).toBe(422);
  expect((await search("x", 101)).status).toBe(422);
  expect((await search("x".repeat(201))).status).toBe(422);
});
