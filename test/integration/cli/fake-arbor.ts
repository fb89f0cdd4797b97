// A small in-process HTTP server speaking the Arbor API contract the CLI uses,
// so the real `bin/arbor.mjs` can be exercised end to end as a child process.
//
// The event stream of every execution drops its first connection in the
// middle of an event; the CLI must resume with Last-Event-ID and print each
// entry exactly once.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { executionRefSchema } from "@/lib/executions/execution-ref";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

type Exec = Record<string, unknown> & { id: string; status: string };

interface StreamEvent {
  /** Events without an id (the real server's `status`/`end`) keep the last id, per SSE. */
  seq?: number;
  event: "entry" | "status" | "end";
  data: unknown;
}

/**
 * Two flavours of the same log:
 * - "brief": the contract in the CLI's brief — every event carries `id:`, entries use `kind`.
 * - "server": what server/executions/stream-execution-events.ts sends — only entries carry
 *   `id:`, a `status` is re-sent on every (re)connection, entries use `type`, tool call
 *   summaries are structured, and the stream closes after `end`.
 */
export type Flavor = "brief" | "server";

const T0 = "2025-03-01T10:00:00.000Z";
const T1 = "2025-03-01T10:00:01.000Z";
const T2 = "2025-03-01T10:00:13.500Z";

function execution(id: string, overrides: Partial<Exec> = {}): Exec {
  return {
    id,
    issueId: "ISSUE-1",
    agent: "claude",
    prompt: "Fix the login bug",
    cwd: "/repo",
    status: "queued",
    sessionId: null,
    parentExecutionId: null,
    forkedFromExecutionId: null,
    forkSessionId: null,
    error: null,
    usage: null,
    createdAt: T0,
    startedAt: null,
    finishedAt: null,
    ...overrides,
  };
}

/** The scripted log of an execution that ends with `final`, as sent after `after`. */
function scriptFor(exec: Exec, final: Exec, flavor: Flavor, after: number): StreamEvent[] {
  const running = { ...exec, status: "running", sessionId: final.sessionId, startedAt: T1 };
  const failed = final.status !== "completed";
  if (flavor === "brief") {
    const all: StreamEvent[] = [
      { seq: 1, event: "status", data: running },
      {
        seq: 2,
        event: "entry",
        data: {
          seq: 2,
          entries: [
            { kind: "system_init", model: "claude-test", cwd: "/repo" },
            { kind: "user_message", text: exec.prompt },
          ],
        },
      },
      { seq: 3, event: "entry", data: { seq: 3, entries: [{ kind: "assistant_text", text: "Let me look at the files." }] } },
      { seq: 4, event: "entry", data: { seq: 4, entries: [{ kind: "tool_call", tool: "Bash", input: { command: "ls -la" } }] } },
      // The first connection drops halfway through this event.
      { seq: 5, event: "entry", data: { seq: 5, entries: [{ kind: "tool_result", content: "total 0\nREADME.md", isError: false }] } },
      {
        seq: 6,
        event: "entry",
        data: {
          seq: 6,
          entries: [
            { kind: "assistant_text", text: "Done: the bug is fixed." },
            { kind: "result", isError: failed, costUsd: 0.0123, numTurns: 2 },
          ],
        },
      },
      { seq: 7, event: "status", data: final },
      { seq: 8, event: "end", data: final },
    ];
    return all.filter((e) => (e.seq ?? 0) > after);
  }
  const batch = (seq: number, entries: unknown[]) => ({ seq, stream: "stdout", kind: "json", createdAt: T1, entries });
  const entries: StreamEvent[] = [
    {
      seq: 1,
      event: "entry",
      data: batch(1, [
        { type: "system_init", model: "claude-test", cwd: "/repo", tools: ["Bash"] },
        { type: "user_message", text: exec.prompt },
      ]),
    },
    { seq: 2, event: "entry", data: batch(2, [{ type: "assistant_text", text: "Let me look at the files." }]) },
    {
      seq: 3,
      event: "entry",
      data: batch(3, [{ type: "tool_call", toolUseId: "t1", tool: "Bash", input: { command: "ls -la" }, summary: { kind: "command", command: "ls -la" } }]),
    },
    // The first connection drops halfway through this event.
    { seq: 4, event: "entry", data: batch(4, [{ type: "tool_result", toolUseId: "t1", content: "total 0\nREADME.md", isError: false }]) },
    {
      seq: 5,
      event: "entry",
      data: batch(5, [
        { type: "assistant_text", text: "Done: the bug is fixed." },
        { type: "result", isError: failed, text: "Done", costUsd: 0.0123, usage: { inputTokens: 1500, outputTokens: 320 }, durationMs: null, numTurns: 2 },
      ]),
    },
  ];
  return [{ event: "status", data: running }, ...entries.filter((e) => e.seq! > after), { event: "status", data: final }, { event: "end", data: final }];
}

/** Where the first connection of each flavour dies. */
const DROP_AT: Record<Flavor, number> = { brief: 5, server: 4 };

function frame(e: StreamEvent): string {
  // Multi-line JSON is legal SSE: split it across several data: lines.
  const data = JSON.stringify(e.data, null, e.event === "status" ? 1 : undefined)
    .split("\n")
    .map((l) => `data: ${l}`)
    .join("\n");
  return `${e.seq === undefined ? "" : `id: ${e.seq}\n`}event: ${e.event}\n${data}\n\n`;
}

export class FakeArbor {
  readonly requests: RecordedRequest[] = [];
  /** Last-Event-ID header of each events connection, per execution ("" = none). */
  readonly eventConnections: Record<string, string[]> = {};
  private readonly executions = new Map<string, Exec>();
  private readonly finals = new Map<string, Exec>();
  private readonly flavors = new Map<string, Flavor>();
  private server = http.createServer((req, res) => void this.handle(req, res));
  private nextId = 1;
  url = "";

  constructor() {
    const e1 = execution("e1000000-0000-4000-8000-000000000001", { status: "running", sessionId: "5e551011-aaaa", managedSessionId: "SESS-1", startedAt: T1 });
    this.add(e1, { ...e1, status: "completed", finishedAt: T2, usage: { inputTokens: 1500, outputTokens: 320, costUsd: 0.0123 } }, "server");
  }

  add(exec: Exec, final: Exec, flavor: Flavor = "brief"): void {
    this.executions.set(exec.id, exec);
    this.finals.set(exec.id, final);
    this.flavors.set(exec.id, flavor);
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private newId(): string {
    const n = String(this.nextId++).padStart(12, "0");
    return `c0ffee00-0000-4000-8000-${n}`;
  }

  private create(overrides: Partial<Exec>): Exec {
    const exec = execution(this.newId(), overrides);
    const failed = typeof exec.prompt === "string" && exec.prompt.includes("please fail");
    const final: Exec = failed
      ? {
          ...exec,
          status: "failed",
          sessionId: "5e55f00d-bbbb",
          startedAt: T1,
          finishedAt: T2,
          error: { code: "agent_exit", message: "claude exited with code 1" },
        }
      : {
          ...exec,
          status: "completed",
          sessionId: exec.sessionId ?? "5e55c0de-cccc",
          startedAt: T1,
          finishedAt: T2,
          usage: { inputTokens: 10, outputTokens: 20, costUsd: 0.5 },
        };
    this.add(exec, final);
    return exec;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://x");
    const path = url.pathname;
    let raw = "";
    for await (const chunk of req) raw += chunk;
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    this.requests.push({ method: req.method ?? "", path, headers: req.headers, body });

    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    const apiError = (status: number, code: string, message: string, details?: unknown) =>
      json(status, { error: { code, message, ...(details ? { details } : {}) } });

    if (req.headers.authorization !== undefined && req.headers.authorization !== "Bearer test-token") {
      return apiError(401, "unauthorized", "invalid token");
    }

    const b = (body ?? {}) as Record<string, unknown>;
    let m: RegExpMatchArray | null;

    if (req.method === "POST" && path === "/api/executions") {
      if (typeof b.prompt !== "string" || b.prompt.trim() === "") {
        return apiError(422, "validation_failed", "Invalid request body", [{ path: ["prompt"], message: "Required" }]);
      }
      if (b.agent !== undefined && b.agent !== "claude") {
        return apiError(422, "validation_failed", "Invalid request body", [{ path: ["agent"], message: `Unknown agent "${String(b.agent)}"` }]);
      }
      if (b.issueId !== "ISSUE-1") return apiError(404, "not_found", `Issue ${String(b.issueId)} not found`);
      const exec = this.create({ issueId: b.issueId, prompt: b.prompt, agent: (b.agent as string) ?? "claude", cwd: (b.cwd as string) ?? "/repo" });
      return json(201, exec);
    }
    if ((m = /^\/api\/executions\/([^/]+)\/(continue|fork|cancel)$/.exec(path)) && req.method === "POST") {
      const id = decodeURIComponent(m[1]!);
      const source = this.executions.get(id);
      if (!source) return apiError(404, "not_found", `Execution ${id} not found`);
      if (m[2] === "cancel") return json(200, { ...source, status: "cancelled" });
      if (typeof b.prompt !== "string" || b.prompt.trim() === "") return apiError(422, "validation_failed", "prompt is required");
      const sourceFinal = this.finals.get(id)!;
      const exec =
        m[2] === "continue"
          ? this.create({ prompt: b.prompt, parentExecutionId: id, sessionId: sourceFinal.sessionId })
          : this.create({ prompt: b.prompt, forkedFromExecutionId: id, forkSessionId: sourceFinal.sessionId });
      return json(201, exec);
    }
    // Before `/api/executions/:id`, as Next matches its static segment first.
    if (req.method === "GET" && path === "/api/executions/resolve") {
      const ref = executionRefSchema.safeParse(url.searchParams.get("ref") ?? "");
      if (!ref.success) return apiError(422, "validation_failed", `ref: ${ref.error.issues[0]!.message}`);
      const matches = [...this.executions.values()].filter((e) => e.id.replaceAll("-", "").startsWith(ref.data.hex));
      if (matches.length === 0) return apiError(404, "not_found", `Execution ${ref.data.shown} not found`);
      if (matches.length > 1) return apiError(409, "conflict", `"${ref.data.shown}" is the start of ${matches.length} executions' ids`, { matches });
      return json(200, { execution: matches[0] });
    }
    if ((m = /^\/api\/executions\/([^/]+)\/events$/.exec(path)) && req.method === "GET") {
      const id = decodeURIComponent(m[1]!);
      const exec = this.executions.get(id);
      if (!exec) return apiError(404, "not_found", `Execution ${id} not found`);
      return this.stream(req, res, exec);
    }
    if ((m = /^\/api\/executions\/([^/]+)$/.exec(path)) && req.method === "GET") {
      const id = decodeURIComponent(m[1]!);
      const exec = this.executions.get(id);
      return exec ? json(200, exec) : apiError(404, "not_found", `Execution ${id} not found`);
    }
    if ((m = /^\/api\/issues\/([^/]+)\/session-tree$/.exec(path)) && req.method === "GET") {
      const id = decodeURIComponent(m[1]!);
      if (id !== "ISSUE-1") return apiError(404, "not_found", `Issue ${id} not found`);
      return json(200, sessionTree());
    }
    if (req.method === "GET" && path === "/api/issues") {
      return json(200, {
        items: [
          { id: "ISSUE-1", title: "Login is broken", status: "open" },
          { id: "ISSUE-2", title: "Dark mode", status: "done" },
        ],
      });
    }
    if (req.method === "GET" && path === "/api/specs") return json(200, [{ id: "SPEC-1", title: "Authentication" }]);
    return apiError(404, "not_found", `No route for ${req.method} ${path}`);
  }

  private stream(req: http.IncomingMessage, res: http.ServerResponse, exec: Exec): void {
    const lastHeader = req.headers["last-event-id"];
    const last = typeof lastHeader === "string" ? lastHeader : "";
    (this.eventConnections[exec.id] ??= []).push(last);
    const after = last === "" ? 0 : Number(last);
    const flavor = this.flavors.get(exec.id) ?? "brief";
    const script = scriptFor(exec, this.finals.get(exec.id)!, flavor, after);
    res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive" });
    res.write(": hello\nretry: 50\n\n");
    const firstConnection = this.eventConnections[exec.id]!.length === 1;
    for (const e of script) {
      const text = frame(e);
      if (firstConnection && e.seq === DROP_AT[flavor]) {
        // Half an event, then the connection dies.
        res.write(text.slice(0, Math.floor(text.length / 2)));
        setTimeout(() => res.destroy(), 20);
        return;
      }
      res.write(text);
    }
    if (flavor === "server") {
      res.end(); // the real server closes after `end`
    } else {
      // Keep the connection open after `end`; the CLI must stop by itself.
      res.write(": idle\n\n");
    }
  }
}

function sessionTree() {
  const n = (id: string, edge: string, status: string, sessionId: string | null, prompt: string, costUsd: number | null, children: unknown[] = []) => ({
    ...execution(id, {
      status,
      sessionId,
      managedSessionId: sessionId ? `SESS-${sessionId[0]}` : null,
      prompt,
      usage: costUsd === null ? null : { inputTokens: 1, outputTokens: 1, costUsd },
    }),
    edge,
    children,
  });
  return {
    roots: [
      n("aaaaaaaa-0000-4000-8000-000000000001", "root", "completed", "11111111-s", "Fix the login bug", 0.12, [
        n("bbbbbbbb-0000-4000-8000-000000000002", "continue", "completed", "11111111-s", "Now add tests for it", 0.04),
        n("cccccccc-0000-4000-8000-000000000003", "fork", "running", "22222222-s", "Try a different approach\nusing sessions", null),
      ]),
    ],
  };
}
