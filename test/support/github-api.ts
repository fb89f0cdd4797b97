import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the part of GitHub's REST API Arbor uses for pull
 * requests: create a PR, get one, list by head, check runs and the combined
 * status of a commit, review comments, reviews. Point ARBOR_GITHUB_API_URL at
 * `url`. A test seeds CI and review with `setCi`/`addReviewComment`/…,
 * switches the next answers to 401/404/422/rate-limited with `failWith`, and
 * asserts on `requests` (every call, with its Authorization header).
 */

export type GhRecorded = { method: string; path: string; authorization: string | undefined; body: Record<string, unknown> | null };
type Pull = { number: number; title: string; body: string; head: string; base: string; state: "open" | "closed"; merged: boolean; sha: string };
type Failure = "unauthorized" | "not_found" | "unprocessable" | "rate_limited";

export interface GitHubStandIn {
  url: string;
  requests: GhRecorded[];
  pulls: Pull[];
  /** The head sha a created PR reports (the stand-in has no git). */
  headSha: string;
  setCi(
    checkRuns: Array<{ name: string; status?: string; conclusion: string | null; output?: { title?: string; summary?: string; text?: string } }>,
    statuses?: Array<{ context: string; state: string; description?: string }>,
  ): void;
  addReviewComment(comment: { path: string; line: number | null; body: string; user?: string }): void;
  addReview(review: { state: string; body: string; user?: string }): void;
  /** Forgets every PR, CI result, comment, review, failure and recorded request. */
  reset(): void;
  /** Every following call answers this way until `failWith(null)`. */
  failWith(failure: Failure | null): void;
  close(): Promise<void>;
}

export async function startGitHubStandIn(): Promise<GitHubStandIn> {
  const state = {
    requests: [] as GhRecorded[],
    pulls: [] as Pull[],
    headSha: "a".repeat(40),
    checkRuns: [] as unknown[],
    statuses: [] as unknown[],
    comments: [] as unknown[],
    reviews: [] as unknown[],
    failure: null as Failure | null,
  };
  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const pullJson = (p: Pull) => ({
    number: p.number,
    html_url: `https://github.com/acme/shop/pull/${p.number}`,
    title: p.title,
    body: p.body,
    state: p.state,
    merged: p.merged,
    merged_at: p.merged ? "2026-11-27T12:00:00Z" : null,
    head: { ref: p.head, sha: p.sha },
    base: { ref: p.base },
  });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      const url = new URL(req.url ?? "/", "http://stand-in");
      state.requests.push({ method: req.method ?? "GET", path: `${url.pathname}${url.search}`, authorization: req.headers.authorization, body });
      if (state.failure === "unauthorized") return send(res, 401, { message: "Bad credentials" });
      if (state.failure === "not_found") return send(res, 404, { message: "Not Found" });
      if (state.failure === "rate_limited") {
        const reset = String(Math.floor(Date.now() / 1000) + 600);
        return send(res, 403, { message: "API rate limit exceeded" }, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset });
      }
      const m = /^\/repos\/([^/]+)\/([^/]+)\/(.*)$/.exec(url.pathname);
      if (!m) return send(res, 404, { message: "Not Found" });
      const rest = m[3];
      if (rest === "pulls" && req.method === "POST") {
        if (state.failure === "unprocessable" || state.pulls.some((p) => p.head === body?.head && p.state === "open")) {
          return send(res, 422, { message: "Validation Failed", errors: [{ message: `A pull request already exists for ${m[1]}:${String(body?.head)}.` }] });
        }
        const pull: Pull = {
          number: state.pulls.length + 1,
          title: String(body?.title),
          body: String(body?.body ?? ""),
          head: String(body?.head),
          base: String(body?.base),
          state: "open",
          merged: false,
          sha: state.headSha,
        };
        state.pulls.push(pull);
        return send(res, 201, pullJson(pull));
      }
      if (rest === "pulls" && req.method === "GET") {
        const head = url.searchParams.get("head")?.split(":").slice(1).join(":");
        return send(res, 200, state.pulls.filter((p) => !head || p.head === head).map(pullJson));
      }
      const one = /^pulls\/(\d+)(\/comments|\/reviews)?$/.exec(rest);
      if (one) {
        const pull = state.pulls.find((p) => p.number === Number(one[1]));
        if (!pull) return send(res, 404, { message: "Not Found" });
        if (one[2] === "/comments") return send(res, 200, state.comments);
        if (one[2] === "/reviews") return send(res, 200, state.reviews);
        return send(res, 200, pullJson(pull));
      }
      if (/^commits\/[^/]+\/check-runs$/.test(rest)) return send(res, 200, { total_count: state.checkRuns.length, check_runs: state.checkRuns });
      if (/^commits\/[^/]+\/status$/.test(rest)) return send(res, 200, { state: "success", statuses: state.statuses });
      return send(res, 404, { message: "Not Found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests: state.requests,
    pulls: state.pulls,
    get headSha() {
      return state.headSha;
    },
    set headSha(sha: string) {
      state.headSha = sha;
    },
    setCi(checkRuns, statuses = []) {
      state.checkRuns = checkRuns.map((r, i) => ({ id: i + 1, status: "completed", html_url: `https://ci.example/${i + 1}`, ...r }));
      state.statuses = statuses.map((s) => ({ description: null, target_url: null, ...s }));
    },
    addReviewComment(c) {
      state.comments.push({
        path: c.path,
        line: c.line,
        body: c.body,
        user: { login: c.user ?? "reviewer" },
        html_url: "https://github.com/acme/shop/pull/1#c",
        created_at: "2026-11-27T12:00:00Z",
      });
    },
    addReview(r) {
      state.reviews.push({ state: r.state, body: r.body, user: { login: r.user ?? "reviewer" } });
    },
    reset() {
      state.requests.length = 0;
      state.pulls.length = 0;
      state.checkRuns = [];
      state.statuses = [];
      state.comments = [];
      state.reviews = [];
      state.failure = null;
    },
    failWith(failure) {
      state.failure = failure;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
