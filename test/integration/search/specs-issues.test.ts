import { randomUUID } from "node:crypto";
import pg from "pg";
import { GET as searchRoute } from "@/app/api/search/route";
import { searchResponseSchema, type SearchHit, type SearchResponse } from "@/lib/search/schema";
import { normalizeStoredEvent } from "@/server/agents/normalize-stored-event";
import { prisma } from "@/server/db";
import { updateIssue } from "@/server/issues/update-issue";
import { EventWriter } from "@/server/runner/turn/event-writer";
import { indexAllPendingEvents } from "@/server/search/index-pending-events";
import { searchTextOf } from "@/server/search/search-text";
import { updateSpec } from "@/server/specs/update-spec";
import { apiRequest, call } from "@/test/support/api";
import { resetDb, testDatabaseUrl } from "@/test/support/db";
import { makeIssue, makeSpec } from "@/test/support/factories";

// Search over what people wrote (specs and issues: titles and text, indexed
// by the triggers of migration 20261127120000_search_specs_issues when a row
// is created or updated) beside what agents did, on real PostgreSQL full-text
// search; file names found by their stem and directories; snippets as plain
// text.

jest.setTimeout(60_000);

let pool: pg.Pool;
let issueId: string;
let executionId: string;

beforeAll(async () => {
  await resetDb();
  pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 4 });
  issueId = (await makeIssue({ title: "Run things", body: "" })).id;
});
afterAll(async () => {
  await pool.end();
  await prisma.$disconnect();
});

async function search(query: string): Promise<SearchResponse> {
  const response = await call<SearchResponse>(searchRoute, apiRequest("GET", `/api/search?q=${encodeURIComponent(query)}`));
  expect(response.status).toBe(200);
  return searchResponseSchema.parse(response.body);
}
const hitsOf = (response: SearchResponse): SearchHit[] => response.groups.flatMap((g) => g.hits);
const marked = (hit: SearchHit) => hit.highlights.map(([a, b]) => hit.snippet.slice(a, b));

/** An execution whose prompt is `prompt` and whose agent said `said`, stored and indexed as the runner does. */
async function agentRun(prompt: string, said: string): Promise<string> {
  const execution = await prisma.execution.create({ data: { id: randomUUID(), issueId, agent: "claude", prompt, cwd: "/w", status: "completed" } });
  const payload = { type: "assistant", message: { id: "m1", role: "assistant", content: [{ type: "text", text: said }] } };
  const writer = new EventWriter(pool, execution.id);
  writer.push({
    stream: "stdout",
    kind: "assistant",
    json: JSON.stringify(payload),
    searchText: searchTextOf(normalizeStoredEvent("claude", { stream: "stdout", kind: "assistant", payload })),
  });
  await writer.flush();
  expect(writer.error).toBeNull();
  await indexAllPendingEvents(pool, { executionId: execution.id });
  return execution.id;
}

test("specs and issues are found by title and text, named and linked, with markdown read as text", async () => {
  const spec = await makeSpec({
    title: "Checkout flow",
    body: "## Goal\nThe **basket** must survive a [reload](http://example.com/x) <script>alert(1)</script> and `refresh`.",
  });
  const issue = await makeIssue({ title: "Basket empties on reload", body: "Steps: open the *basket*, press F5." });

  const byText = await search("basket survive");
  const specGroup = byText.groups.find((g) => g.key === spec.id)!;
  expect(specGroup).toMatchObject({ kind: "spec", specId: spec.id, title: "Checkout flow", href: `/specs/${spec.id}`, sessionId: null, issueId: null });
  const [hit] = specGroup.hits;
  expect(hit).toMatchObject({ kind: "spec", specId: spec.id, executionId: null, seq: null, href: `/specs/${spec.id}`, matchedAllTerms: true });
  expect(hit.snippet).toBe("Goal The basket must survive a reload and refresh.");
  expect(marked(hit)).toEqual(["basket", "survive"]);

  const byTitle = await search("empties");
  expect(byTitle.groups).toHaveLength(1);
  expect(byTitle.groups[0]).toMatchObject({
    key: issue.id,
    kind: "issue",
    issueId: issue.id,
    issueTitle: "Basket empties on reload",
    href: `/issues/${issue.id}`,
  });
  expect(byTitle.groups[0].hits[0]).toMatchObject({ kind: "issue", issueId: issue.id, snippet: "Basket empties on reload" });

  // Both, each in a group of its own; "basket" is in the issue's title (weight A) and only the spec's text (C).
  const both = await search("basket");
  expect(both.groups.map((g) => g.key)).toEqual([issue.id, spec.id]);
});

test("an update re-indexes: the old words are no longer found, the new ones are", async () => {
  const spec = await makeSpec({ title: "Pelican import", body: "Import pelicans from CSV." });
  const issue = await makeIssue({ title: "Flamingo export", body: "Export flamingos." });
  expect((await search("csv")).groups.map((g) => g.key)).toEqual([spec.id]);

  expect((await updateSpec(spec.id, { body: "Import albatrosses from JSON." })).ok).toBe(true);
  expect((await updateIssue(issue.id, { title: "Heron export" })).ok).toBe(true);
  expect((await search("csv")).hitCount).toBe(0);
  expect((await search("albatross")).groups.map((g) => g.key)).toEqual([spec.id]);
  expect((await search("flamingo")).groups.map((g) => g.key)).toEqual([issue.id]); // its text still says it
  expect((await search("heron")).groups.map((g) => g.key)).toEqual([issue.id]);
});

test("a spec whose title matches ranks beside (here above) what agents said about it", async () => {
  executionId = await agentRun("look at the gazebo", "The gazebo renderer needs work on the gazebo roof.");
  const spec = await makeSpec({ title: "Gazebo renderer", body: "Draw it." });
  const response = await search("gazebo renderer");
  const keys = response.groups.map((g) => g.key);
  expect(keys[0]).toBe(spec.id);
  expect(hitsOf(response)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ kind: "assistant", executionId, matchedAllTerms: true }),
      expect.objectContaining({ kind: "spec", specId: spec.id, matchedAllTerms: true }),
    ]),
  );
});

test("a file name finds its paths by stem and by directory, in specs, prompts and what agents said", async () => {
  const spec = await makeSpec({ title: "Greeting", body: "Write `hello.txt` next to src/auth/login.ts." });
  const run = await agentRun("create hello.txt please", "I created hello.txt and changed src/auth/login.ts.");

  const hello = await search("hello");
  expect(
    hitsOf(hello)
      .map((h) => h.kind)
      .sort(),
  ).toEqual(["assistant", "prompt", "spec"]);
  for (const hit of hitsOf(hello)) expect(marked(hit)).toEqual(["hello"]);
  expect(hitsOf(hello).find((h) => h.kind === "spec")).toMatchObject({ specId: spec.id, snippet: "Write hello.txt next to src/auth/login.ts." });
  expect(hitsOf(hello).find((h) => h.kind === "assistant")).toMatchObject({ executionId: run, snippet: "I created hello.txt and changed src/auth/login.ts." });

  // A directory, a file name with its extension, a path suffix, the whole path.
  for (const query of ["auth", "login.ts", "auth/login.ts", "src/auth/login.ts"]) {
    const hits = hitsOf(await search(query));
    expect(hits.map((h) => h.kind).sort()).toEqual(["assistant", "spec"]);
  }
  const auth = hitsOf(await search("auth")).find((h) => h.kind === "spec")!;
  expect(marked(auth)).toEqual(["auth"]);
  expect(marked(hitsOf(await search("login.ts")).find((h) => h.kind === "assistant")!)).toEqual(["login.ts"]);
  // Excluding a file name excludes it in a path too.
  expect(hitsOf(await search("hello -login.ts")).map((h) => h.kind)).toEqual(["prompt"]);
});

test("the words of a text's paths: listed for its vector, and put in a region after each path for its snippet", async () => {
  const cases: [string, string, string][] = [
    ["plain words, no paths.", "", "plain words, no paths."],
    ["see hello.txt now", "hello txt", "see hello.txt [hello txt] now"],
    ["(src/auth/login.ts), and C:\\w\\a.ts", "src auth login ts C w a ts", "(src/auth/login.ts), [src auth login ts] and C:\\w\\a.ts [C w a ts]"],
    ["mail a@b.org end.", "a b org", "mail a@b.org [a b org] end."],
  ];
  for (const [text, words, headline] of cases) {
    const [row] = await prisma.$queryRaw<{ words: string; headline: string }[]>`
      SELECT search_path_words(${text}) AS words, search_headline_text(${text}, '[', ']') AS headline`;
    expect(row).toEqual({ words, headline });
  }
});

test("npm run backfill-search rebuilds vectors stored without the words of their paths", async () => {
  const spec = await makeSpec({ title: "Backfill", body: "Edit report.csv today." });
  const run = await agentRun("a prompt", "I read ledger.json first.");
  // As an older Arbor stored them: plain to_tsvector, without the words of paths.
  await prisma.$executeRaw`UPDATE specs SET search_vector = to_tsvector('english', title || ' ' || body) WHERE id = ${spec.id}`;
  await prisma.$executeRaw`UPDATE execution_events SET search_vector = to_tsvector('english', search_text) WHERE execution_id = ${run}::uuid`;
  expect((await search("report")).hitCount).toBe(0);
  expect((await search("ledger")).hitCount).toBe(0);

  const { execFileSync } = await import("node:child_process");
  const output = execFileSync("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/backfill-search.ts", "--batch", "1"], {
    env: { ...process.env, DATABASE_URL: testDatabaseUrl() },
    encoding: "utf8",
  });
  expect(output).toContain("[backfill-search] done");
  expect((await search("report")).groups.map((g) => g.key)).toEqual([spec.id]);
  expect(hitsOf(await search("ledger"))).toEqual([expect.objectContaining({ kind: "assistant", executionId: run })]);
});
