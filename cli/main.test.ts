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

const exec = { id: "x1", issueId: "ISSUE-1", agent: "claude", status: "running", sessionId: "s1" };
const entry = (seq: number, text: string) => `id: ${seq}\nevent: entry\ndata: ${JSON.stringify({ seq, entries: [{ kind: "text", text }] })}\n\n`;
const end = (status: string) => `event: end\ndata: ${JSON.stringify({ ...exec, status })}\n\n`;

describe("main: show / follow", () => {
  it("prints each entry once even if the server replays events after a reconnect", async () => {
    let connection = 0;
    const res = await runMain(["show", "x1"], (url) => {
      if (url.pathname === "/api/executions/x1") return json(200, exec);
      connection++;
      // The second connection ignores Last-Event-ID and replays everything.
      return connection === 1 ? sse(entry(1, "one") + entry(2, "two")) : sse(entry(1, "one") + entry(2, "two") + entry(3, "three") + end("completed"));
    });
    expect(res.code).toBe(0);
    expect(res.stdout.split("\n").filter((l) => ["one", "two", "three"].includes(l))).toEqual(["one", "two", "three"]);
    expect(res.requests[2]!.headers["Last-Event-ID"]).toBe("2");
  });

  it("announces status changes once and exits 1 when the execution is not completed", async () => {
    const status = (s: string, sessionId = "s1") => `event: status\ndata: ${JSON.stringify({ ...exec, status: s, sessionId })}\n\n`;
    const res = await runMain(["show", "x1"], (url) =>
      url.pathname === "/api/executions/x1"
        ? json(200, { ...exec, status: "queued", sessionId: null })
        : sse(status("queued", "") + status("running") + status("running") + entry(1, "hi") + status("running") + status("cancelled") + end("cancelled")),
    );
    expect(res.code).toBe(1);
    expect(res.stdout.match(/^── .*$/gm)).toEqual(["── running · session s1", "── cancelled"]);
  });

  it("takes the header from the first status event when the server has no GET /api/executions/:id", async () => {
    const res = await runMain(["show", "x1"], (url) =>
      url.pathname === "/api/executions/x1"
        ? new Response("<html>404</html>", { status: 404 })
        : sse(`event: status\ndata: ${JSON.stringify(exec)}\n\n${end("completed")}`),
    );
    expect(res.code).toBe(0);
    expect(res.stdout.startsWith("Execution x1  running\n")).toBe(true);
  });

  it("reports server error events on stderr and gives up when they repeat", async () => {
    const res = await runMain(["show", "x1"], (url) =>
      url.pathname === "/api/executions/x1" ? json(200, exec) : sse(`event: error\ndata: {"message":"db down"}\n\n`),
    );
    expect(res.code).toBe(1);
    expect(res.stderr.match(/db down/g)).toHaveLength(3);
  });

  it("detaches with 130 when aborted (Ctrl-C)", async () => {
    const controller = new AbortController();
    const res = await runMain(
      ["show", "x1"],
      (url) => {
        if (url.pathname === "/api/executions/x1") return json(200, exec);
        controller.abort();
        return sse(entry(1, "late"));
      },
      { signal: controller.signal },
    );
    expect(res.code).toBe(130);
    expect(res.stderr).toContain("detached");
  });

  it("fails clearly when the stream stays down", async () => {
    const res = await runMain(["show", "x1"], (url) => {
      if (url.pathname === "/api/executions/x1") return json(200, exec);
      throw new TypeError("fetch failed");
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/arbor: lost the event stream after 3 reconnection attempts/);
    expect(res.stderr).toMatch(/reconnecting/);
  });
});

describe("main: commands", () => {
  it("run reads a prompt of - from stdin and resolves --cwd", async () => {
    const res = await runMain(["run", "ISSUE-1", "-", "--cwd", "sub"], () => json(201, { ...exec, status: "queued" }));
    expect(res.code).toBe(0);
    expect(JSON.parse(res.requests[0]!.body!)).toEqual({ issueId: "ISSUE-1", prompt: "prompt from stdin", cwd: "/work/sub" });
    expect(res.stdout).toBe("Execution x1 queued (claude, issue ISSUE-1)\n");
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

describe("detailLines", () => {
  it("lists field errors not already in the message", () => {
    expect(detailLines({ fieldErrors: { prompt: ["Required"], agent: ["Unknown"] } }, "prompt: Required")).toEqual(["  - agent: Unknown"]);
    expect(detailLines([{ path: ["a", 0], message: "bad" }], "oops")).toEqual(["  - a.0: bad"]);
    expect(detailLines(undefined)).toEqual([]);
  });
});
