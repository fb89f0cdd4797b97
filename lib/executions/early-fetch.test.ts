import { earlyFetchScript, earlyOr, executionPath, issuePaths, logTailPath, takeEarlyJson } from "@/lib/executions/early-fetch";

// The page's inline script and the hooks' side of it, run here as the
// browser would: the script's text evaluated with `window` and `fetch`.

type Early = { __arborEarly?: Record<string, { at: number; response: Promise<Response> }> };
const g = globalThis as unknown as { window?: unknown; fetch: typeof fetch } & Early;
const realFetch = g.fetch;
let calls: { url: string; init: RequestInit }[];

beforeEach(() => {
  calls = [];
  g.window = globalThis;
  delete g.__arborEarly;
  g.fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return url.includes("broken")
      ? new Response(JSON.stringify({ error: { code: "internal", message: "boom" } }), { status: 500 })
      : new Response(JSON.stringify({ from: "early", url }), { status: 200 });
  }) as typeof fetch;
});
afterAll(() => {
  g.fetch = realFetch;
  delete g.window;
  delete g.__arborEarly;
});

const run = (paths: string[]) => new Function(earlyFetchScript(paths))();

test("the script asks for each path once, for JSON, uncached; the hook takes the answer once", async () => {
  const { issue, tree } = issuePaths("ISSUE-7");
  run([issue, tree]);
  expect(calls.map((c) => c.url)).toEqual(["/api/issues/ISSUE-7", "/api/issues/ISSUE-7/tree-summary"]);
  expect(calls[0].init).toEqual({ headers: { Accept: "application/json" }, cache: "no-store" });
  await expect(takeEarlyJson(tree)).resolves.toEqual({ from: "early", url: tree });
  expect(takeEarlyJson(tree)).toBeNull(); // taken: a refetch asks afresh
  expect(takeEarlyJson("/api/issues/ISSUE-8")).toBeNull();
});

test("earlyOr: the early answer when good, else the caller's own request", async () => {
  const id = "0b6c8a52-3d0e-4c1e-9d6a-1f2e3d4c5b6a";
  run([executionPath(id), "/api/broken"]);
  const own = jest.fn(async () => ({ from: "own" }));
  await expect(earlyOr(executionPath(id), own)).resolves.toEqual({ from: "early", url: executionPath(id) });
  expect(own).not.toHaveBeenCalled();
  // A failed early answer is not an error of the page: its own request reports (or recovers).
  await expect(earlyOr("/api/broken", own)).resolves.toEqual({ from: "own" });
  // Nothing early (a client-side navigation): its own request.
  await expect(earlyOr(logTailPath(id, 500), own)).resolves.toEqual({ from: "own" });
  expect(own).toHaveBeenCalledTimes(2);
  expect(logTailPath(id, 500)).toBe(`/api/executions/${id}/events?tail=500&limit=5000`);
});

test("an early answer older than 30 s is not taken", async () => {
  run(["/api/issues/ISSUE-1"]);
  g.__arborEarly!["/api/issues/ISSUE-1"].at -= 31_000;
  expect(takeEarlyJson("/api/issues/ISSUE-1")).toBeNull();
});

test("no text can close the script tag", () => {
  const script = earlyFetchScript(["/api/x</script><script>alert(1)</script>"]);
  expect(script).not.toContain("</script");
  expect(script).toContain("\\u003c/script>");
});
