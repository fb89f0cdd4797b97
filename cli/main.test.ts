// main() end to end with an injected fetch: dispatch, follow/dedup logic, exit codes.

import { main, detailLines } from "./main";

type Handler = (url: URL, init: RequestInit & { headers: Record<string, string> }) => Response | Promise<Response>;

function sse(text: string): Response {
  return new Response(text, { status: 200, headers: { "content-type": "text/event-stream" } });
}
function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

async function runMain(argv: string[], handler: Handler, opts: { signal?: AbortSignal; env?: Record<string, string> } = {}) {
  let stdout = "";
  let stderr = "";
  const requests: { url: URL; headers: Record<string, string>; method: string; body?: string }[] = [];
  const fetchImpl = (async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const headers = (init.headers ?? {}) as Record<string, string>;
    requests.push({ url, headers, method: init.method ?? "GET", body: init.body as string | undefined });
    return handler(url, { ...init, headers });
  }) as unknown as typeof fetch;
  const code = await main(argv, {
    env: { ARBOR_URL: "http://arbor.test", ...opts.env },
    stdout: { write: (s: string) => void (stdout += s), isTTY: false },
    stderr: { write: (s: string) => void (stderr += s) },
    cwd: "/work",
    readStdin: async () => "prompt from stdin\n",
    fetch: fetchImpl,
    signal: opts.signal,
    sse: { sleep: async () => {}, maxRetries: 3 },
  });
  return { code, stdout, stderr, requests };
}

const X1 = "a1b2c3d4-0000-4000-8000-000000000001";
const exec = { id: X1, issueId: "ISSUE-1", agent: "claude", status: "running", sessionId: "s1", managedSessionId: "SESS-1" };
const entry = (seq: number, text: string) => `id: ${seq}\nevent: entry\ndata: ${JSON.stringify({ seq, entries: [{ kind: "text", text }] })}\n\n`;
const end = (status: string) => `event: end\ndata: ${JSON.stringify({ ...exec, status })}\n\n`;

describe("main: show / follow", () => {
  it("prints each entry once even if the server replays events after a reconnect", async () => {
    let connection = 0;
    const res = await runMain(["show", X1], (url) => {
      if (url.pathname === `/api/executions/${X1}`) return json(200, exec);
      connection++;
      // The second connection ignores Last-Event-ID and replays everything.
      return connection === 1 ? sse(entry(1, "one") + entry(2, "two")) : sse(entry(1, "one") + entry(2, "two") + entry(3, "three") + end("completed"));
    });
    expect(res.code).toBe(0);
    expect(res.stdout.split("\n").filter((l) => ["one", "two", "three"].includes(l))).toEqual(["one", "two", "three"]);
    expect(res.requests[2]!.headers["Last-Event-ID"]).toBe("2");
  });

  it("announces status changes once and exits 1 when the execution is not completed", async () => {
    const status = (s: string, managedSessionId: string | null = "SESS-1") =>
      `event: status\ndata: ${JSON.stringify({ ...exec, status: s, managedSessionId })}\n\n`;
    const res = await runMain(["show", X1], (url) =>
      url.pathname === `/api/executions/${X1}`
        ? json(200, { ...exec, status: "queued", sessionId: null, managedSessionId: null })
        : sse(
            status("queued", null) +
              status("running", null) +
              status("running") +
              status("running") +
              entry(1, "hi") +
              status("running") +
              status("cancelled") +
              end("cancelled"),
          ),
    );
    expect(res.code).toBe(1);
    // The session is announced once it is known, by its SESS-n.
    expect(res.stdout.match(/^── .*$/gm)).toEqual(["── running", "── running · SESS-1", "── cancelled"]);
  });

  it("takes the header from the first status event when the server has no GET /api/executions/:id", async () => {
    const res = await runMain(["show", X1], (url) =>
      url.pathname === `/api/executions/${X1}`
        ? new Response("<html>404</html>", { status: 404 })
        : sse(`event: status\ndata: ${JSON.stringify(exec)}\n\n${end("completed")}`),
    );
    expect(res.code).toBe(0);
    expect(res.stdout.startsWith(`Execution ${X1}  running\n`)).toBe(true);
  });

  it("reports server error events on stderr and gives up when they repeat", async () => {
    const res = await runMain(["show", X1], (url) =>
      url.pathname === `/api/executions/${X1}` ? json(200, exec) : sse(`event: error\ndata: {"message":"db down"}\n\n`),
    );
    expect(res.code).toBe(1);
    expect(res.stderr.match(/db down/g)).toHaveLength(3);
  });

  it("detaches with 130 when aborted (Ctrl-C)", async () => {
    const controller = new AbortController();
    const res = await runMain(
      ["show", X1],
      (url) => {
        if (url.pathname === `/api/executions/${X1}`) return json(200, exec);
        controller.abort();
        return sse(entry(1, "late"));
      },
      { signal: controller.signal },
    );
    expect(res.code).toBe(130);
    expect(res.stderr).toContain("detached");
  });

  it("fails clearly when the stream stays down", async () => {
    const res = await runMain(["show", X1], (url) => {
      if (url.pathname === `/api/executions/${X1}`) return json(200, exec);
      throw new TypeError("fetch failed");
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/arbor: lost the event stream after 3 reconnection attempts/);
    expect(res.stderr).toMatch(/reconnecting/);
  });
});

describe("main: commands", () => {
  it("run reads a prompt of - from stdin and resolves --cwd", async () => {
    const res = await runMain(["run", "ISSUE-1", "-", "--cwd", "sub"], () => json(201, { ...exec, status: "queued", managedSessionId: null }));
    expect(res.code).toBe(0);
    expect(JSON.parse(res.requests[0]!.body!)).toEqual({ issueId: "ISSUE-1", prompt: "prompt from stdin", cwd: "/work/sub" });
    expect(res.stdout).toBe(`Execution ${X1} queued (claude, issue ISSUE-1)\n`);
  });

  it("encodes ids in paths and sends the token", async () => {
    const res = await runMain(["tree", "a/b c"], () => json(200, { roots: [] }), { env: { ARBOR_TOKEN: "tok" } });
    expect(res.requests[0]!.url.pathname).toBe("/api/issues/a%2Fb%20c/session-tree");
    expect(res.requests[0]!.headers.Authorization).toBe("Bearer tok");
    expect(res.stdout).toBe("No executions for a/b c yet.\n");
  });

  it("rejects a bad ARBOR_URL as a usage error", async () => {
    const res = await runMain(["issues"], () => json(200, []), { env: { ARBOR_URL: "nope" } });
    expect(res).toMatchObject({ code: 2, stderr: 'arbor: invalid Arbor URL "nope" (set ARBOR_URL or --url)\n' });
  });

  it("prints help to stdout and an unknown help topic to stderr", async () => {
    expect((await runMain(["help"], () => json(200, {}))).code).toBe(0);
    const bad = await runMain(["help", "nope"], () => json(200, {}));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown command "nope"');
  });
});

describe("main: short execution ids", () => {
  const resolved = (id: string) =>
    json(200, { execution: { id, issueId: "ISSUE-1", managedSessionId: "SESS-1", status: "completed", prompt: "p", createdAt: "2026-01-01T12:00:00.000Z" } });

  it("resolves a short id on the server, then every request uses the full id", async () => {
    const res = await runMain(["continue", "#A1B2C3D4", "next"], (url) =>
      url.pathname === "/api/executions/resolve"
        ? resolved(X1)
        : json(201, { ...exec, id: "b0000000-0000-4000-8000-000000000002", status: "queued", managedSessionId: null }),
    );
    expect(res.code).toBe(0);
    expect(res.requests.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual([
      "GET /api/executions/resolve?ref=%23A1B2C3D4",
      `POST /api/executions/${X1}/continue`,
    ]);
  });

  it("sends a full id as it is, with no resolve request", async () => {
    const res = await runMain(["cancel", X1.toUpperCase()], () => json(200, { ...exec, status: "cancelled" }));
    expect(res.requests.map((r) => r.url.pathname)).toEqual([`/api/executions/${X1}/cancel`]);
    expect(res.stdout).toBe(`Execution ${X1} cancelled\n`);
  });

  it("resolves both sides of a diff, and mark's target and --over; SESS-n stays a session", async () => {
    const other = "c0000000-0000-4000-8000-000000000003";
    const answer = (url: URL) => {
      if (url.pathname === "/api/executions/resolve") return resolved(url.searchParams.get("ref") === "c0000000" ? other : X1);
      if (url.pathname === "/api/compare/diff") return json(200, { from: "a".repeat(40), to: "b".repeat(40), files: [], patch: "" });
      return json(200, { executionId: X1 });
    };
    const diff = await runMain(["diff", "a1b2c3d4", "c0000000", "--stat"], answer);
    expect(diff.requests.at(-1)!.url.search).toBe(`?a=${X1}&b=${other}`);
    expect(diff.stdout).toContain("a1b2c3d4's snapshot → c0000000's snapshot");
    const mark = await runMain(["mark", "c0000000", "preferred", "--over", "a1b2c3d4"], answer);
    expect(mark.requests.at(-1)!.url.pathname).toBe(`/api/executions/${other}/outcome`);
    expect(JSON.parse(mark.requests.at(-1)!.body!)).toMatchObject({ mark: "preferred", over: X1 });
    const session = await runMain(["unmark", "sess-2"], answer);
    expect(session.requests.map((r) => r.url.pathname)).toEqual(["/api/sessions/sess-2/outcome"]);
  });

  it("lists the matches of an ambiguous short id and exits 1", async () => {
    const match = (id: string, prompt: string) => ({
      id,
      issueId: "ISSUE-2",
      managedSessionId: null,
      status: "completed",
      prompt,
      createdAt: "2026-01-01T12:00:00.000Z",
    });
    const res = await runMain(["show", "a1b2c3d4"], () =>
      json(409, {
        error: {
          code: "conflict",
          message: `"a1b2c3d4" is the start of 2 executions' ids: give more of the id (one of these)`,
          details: {
            ref: "a1b2c3d4",
            matches: [match(X1, "first"), { ...match("a1b2c3d4-9999-4000-8000-000000000009", "second"), managedSessionId: "SESS-5" }],
            more: true,
          },
        },
      }),
    );
    expect(res.code).toBe(1);
    const lines = res.stderr.trimEnd().split("\n");
    expect(lines[0]).toBe(`arbor: "a1b2c3d4" is the start of 2 executions' ids: give more of the id (one of these)`);
    expect(lines[1]).toMatch(new RegExp(`^  ${X1}  ISSUE-2  2026-01-01 \\d\\d:00:00  "first"$`));
    expect(lines[2]).toMatch(/^ {2}a1b2c3d4-9999-4000-8000-000000000009 {2}ISSUE-2 {2}SESS-5 {2}2026-01-01 \d\d:00:00 {2}"second"$/);
    expect(lines[3]).toBe("  … and more: give more of the id");
    expect(res.requests).toHaveLength(1);
  });

  it("passes the id on as typed to a server without the resolve route (its framework 404)", async () => {
    const res = await runMain(["cancel", "a1b2c3d4"], (url) =>
      url.pathname === "/api/executions/resolve"
        ? new Response("<html>404</html>", { status: 404 })
        : json(404, { error: { code: "not_found", message: "Execution a1b2c3d4 not found" } }),
    );
    expect(res.requests.map((r) => r.url.pathname)).toEqual(["/api/executions/resolve", "/api/executions/a1b2c3d4/cancel"]);
    expect(res).toMatchObject({ code: 1, stderr: "arbor: Execution a1b2c3d4 not found\n" });
  });
});

describe("detailLines", () => {
  it("lists field errors not already in the message", () => {
    expect(detailLines({ fieldErrors: { prompt: ["Required"], agent: ["Unknown"] } }, "prompt: Required")).toEqual(["  - agent: Unknown"]);
    expect(detailLines([{ path: ["a", 0], message: "bad" }], "oops")).toEqual(["  - a.0: bad"]);
    expect(detailLines(undefined)).toEqual([]);
  });
});
