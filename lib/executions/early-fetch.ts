// Requests a page's data as soon as its HTML is parsed, not after its
// JavaScript has loaded and hydrated: the page (a server component) renders
// earlyFetchScript(paths) inline, the browser starts those GETs at once, and
// the data hooks take the answers with takeEarlyJson(path) instead of asking
// again. On a 1,000-node issue the client waterfall (HTML → scripts →
// hydration → fetch) was most of the time to an interactive tree
// (docs/performance.md, "UI at scale").

type EarlyEntry = { at: number; response: Promise<Response> };
type EarlyWindow = { __arborEarly?: Record<string, EarlyEntry> };

/** An answer older than this is not taken (a page left open, then revisited by client navigation): the hook asks afresh. */
const MAX_AGE_MS = 30_000;

/** The issue page's data: the issue, and its session tree's executions. */
export const issuePaths = (issueId: string) => ({
  issue: `/api/issues/${encodeURIComponent(issueId)}`,
  tree: `/api/issues/${encodeURIComponent(issueId)}/tree-summary`,
});

/** The execution page's data: the execution, and the end of its log (`tail` events before the last, as ExecutionLogLoader asks). */
export const executionPath = (executionId: string) => `/api/executions/${encodeURIComponent(executionId)}`;
export const logTailPath = (executionId: string, tail: number) => `${executionPath(executionId)}/events?tail=${tail}&limit=5000`;

/**
 * The inline script that starts `paths` (same-origin GETs for JSON). JSON
 * inside a script: `<` is escaped so no text can close the tag.
 */
export function earlyFetchScript(paths: string[]): string {
  const list = JSON.stringify(paths).replace(/</g, "\\u003c");
  return `(function(){var w=window,e=w.__arborEarly||(w.__arborEarly={}),t=performance.now();${list}.forEach(function(p){e[p]={at:t,response:fetch(p,{headers:{Accept:"application/json"},cache:"no-store"})}})})()`;
}

/**
 * The parsed answer of an early request for `path`, once (it is forgotten as
 * it is taken); null when there is none, it is stale, or it failed — the
 * caller then makes its own request, which reports errors as usual.
 */
export function takeEarlyJson<T>(path: string): Promise<T> | null {
  if (typeof window === "undefined") return null;
  const early = (window as EarlyWindow).__arborEarly;
  const entry = early?.[path];
  if (!entry) return null;
  delete early[path];
  if (performance.now() - entry.at > MAX_AGE_MS) return null;
  return entry.response.then(
    (response) => (response.ok ? (response.json() as Promise<T>) : Promise.reject(new Error(`early ${path}: ${response.status}`))),
    (error: unknown) => Promise.reject(error),
  );
}

/** The early answer when there is a good one, else `request()` (also when the early one failed). */
export async function earlyOr<T>(path: string, request: () => Promise<T>): Promise<T> {
  const early = takeEarlyJson<T>(path);
  if (!early) return request();
  try {
    return await early;
  } catch {
    return request();
  }
}
