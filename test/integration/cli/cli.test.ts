// Runs the real `bin/arbor.mjs` as a child process against a fake Arbor server
// (test/integration/cli/fake-arbor.ts) and checks stdout, stderr and exit codes.

import { spawn } from "node:child_process";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { FakeArbor } from "./fake-arbor";

const ROOT = path.resolve(__dirname, "../../..");
const BIN = path.join(ROOT, "bin/arbor.mjs");
const E1 = "e1000000-0000-4000-8000-000000000001";

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function arbor(args: string[], opts: { env?: Record<string, string | undefined>; cwd?: string; command?: string[] } = {}): Promise<Result> {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1", ...opts.env };
  delete env.FORCE_COLOR;
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  const [cmd, ...pre] = opts.command ?? [process.execPath, BIN];
  return new Promise((resolve, reject) => {
    // Async spawn: the fake server lives in this process and must keep serving.
    const child = spawn(cmd!, [...pre, ...args], { cwd: opts.cwd ?? os.tmpdir(), env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** Lines of a show/follow output that come from the log itself. */
const LOG_LINES = [
  "● session started (model claude-test, cwd /repo)",
  "Let me look at the files.",
  "▸ Bash: ls -la",
  "  │ total 0",
  "  │ README.md",
  "Done: the bug is fixed.",
];

function countOf(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

describe("arbor CLI (against a fake Arbor server)", () => {
  let server: FakeArbor;
  let env: Record<string, string>;

  beforeEach(async () => {
    server = new FakeArbor();
    env = { ARBOR_URL: await server.start() };
  });
  afterEach(async () => {
    await server.stop();
  });

  it("run: creates an execution and prints its id and status", async () => {
    const res = await arbor(["run", "ISSUE-1", "Fix the login bug", "--agent", "claude", "--cwd", "sub/dir"], { env: { ...env, ARBOR_TOKEN: "test-token" } });
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Execution c0ffee00-0000-4000-8000-000000000001 queued \(claude, issue ISSUE-1\)\n$/);

    const post = server.requests.find((r) => r.method === "POST" && r.path === "/api/executions")!;
    expect(post.body).toEqual({ issueId: "ISSUE-1", prompt: "Fix the login bug", agent: "claude", cwd: path.join(os.tmpdir(), "sub/dir") });
    expect(post.headers.authorization).toBe("Bearer test-token");
    expect(post.headers["idempotency-key"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(post.headers["content-type"]).toBe("application/json");
  });

  it("run --follow: streams the log through a dropped connection and exits 1 when the execution fails", async () => {
    const res = await arbor(["run", "ISSUE-1", "please fail", "--follow"], { env });
    expect(res.code).toBe(1);
    const id = "c0ffee00-0000-4000-8000-000000000001";
    expect(res.stdout.startsWith(`Execution ${id} queued`)).toBe(true);
    for (const line of LOG_LINES) expect(countOf(res.stdout, `${line}\n`)).toBe(1);
    expect(res.stdout).toContain("✘ result (error) · $0.0123 · 2 turns");
    expect(res.stdout).toContain("── failed · 12.5s\n   agent_exit: claude exited with code 1\n");
    expect(server.eventConnections[id]).toEqual(["", "4"]);
    expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  it("continue: posts the prompt to /continue with an Idempotency-Key", async () => {
    const res = await arbor(["continue", E1, "Now add tests"], { env });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(`Execution c0ffee00-0000-4000-8000-000000000001 queued (claude, issue ISSUE-1, continues e1000000)\n`);
    const post = server.requests.find((r) => r.path === `/api/executions/${E1}/continue`)!;
    expect(post.body).toEqual({ prompt: "Now add tests" });
    expect(post.headers["idempotency-key"]).toBeTruthy();
  });

  it("fork --json: prints the created execution as JSON", async () => {
    const res = await arbor(["fork", E1, "Try another way", "--json"], { env });
    expect(res.code).toBe(0);
    const exec = JSON.parse(res.stdout);
    expect(exec).toMatchObject({ id: "c0ffee00-0000-4000-8000-000000000001", forkedFromExecutionId: E1, forkSessionId: "5e551011-aaaa", status: "queued" });
    const post = server.requests.find((r) => r.path === `/api/executions/${E1}/fork`)!;
    expect(post.body).toEqual({ prompt: "Try another way" });
    expect(post.headers["idempotency-key"]).toBeTruthy();
  });

  it("show: prints the header, streams to the end across a dropped connection with no gaps or repeats, exits 0", async () => {
    const res = await arbor(["show", E1], { env });
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    const out = res.stdout;
    expect(out.startsWith(`Execution ${E1}  running\n`)).toBe(true);
    expect(out).toContain("  session    SESS-1 · the agent's session 5e551011-aaaa\n");
    for (const line of LOG_LINES) expect(countOf(out, `${line}\n`)).toBe(1);
    // In order.
    const positions = LOG_LINES.map((l) => out.indexOf(l));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(out).toContain("✔ result · $0.0123 · 1,500 in / 320 out tokens · 2 turns\n");
    // `running` is re-sent on the reconnection but announced by the header only.
    expect(countOf(out, "── running")).toBe(0);
    expect(countOf(out, "── completed")).toBe(1); // the end line only
    expect(out.endsWith("── completed · 12.5s · 1,500 in / 320 out tokens · $0.0123\n")).toBe(true);
    expect(server.eventConnections[E1]).toEqual(["", "3"]);
  });

  it("show and cancel take the short id the app and `arbor tree` print", async () => {
    const shown = await arbor(["show", "#e1000000"], { env });
    expect(shown.code).toBe(0);
    expect(shown.stdout.startsWith(`Execution ${E1}  running\n`)).toBe(true);
    expect(server.eventConnections[E1]).toEqual(["", "3"]);
    const cancelled = await arbor(["cancel", "e1000000-0000"], { env });
    expect(cancelled).toEqual({ code: 0, stderr: "", stdout: `Execution ${E1} cancelled\n` });
    expect(server.requests.filter((r) => r.path === "/api/executions/resolve")).toHaveLength(2);
  });

  it("show --json: prints raw JSON lines, each entry batch once", async () => {
    const res = await arbor(["show", E1, "--json"], { env });
    expect(res.code).toBe(0);
    const lines = res.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ event: "execution", data: { id: E1 } });
    const entrySeqs = lines.filter((l) => l.event === "entry").map((l) => l.data.seq);
    expect(entrySeqs).toEqual([1, 2, 3, 4, 5]);
    expect(lines.filter((l) => l.event === "status").map((l) => l.data.status)).toEqual(["completed"]);
    expect(lines.at(-1)).toMatchObject({ event: "end", data: { status: "completed" } });
  });

  it("tree: draws the session tree", async () => {
    const res = await arbor(["tree", "ISSUE-1"], { env });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(
      [
        "Session tree for ISSUE-1 (3 executions)",
        'aaaaaaaa  ● root      completed    SESS-1  "Fix the login bug"  $0.12',
        '├─ bbbbbbbb  ↳ continue  completed    SESS-1  "Now add tests for it"  $0.04  ◀ head',
        '└─ cccccccc  ⑂ fork      running      SESS-2  "Try a different approach using sessions"  —  ◀ head',
        "",
      ].join("\n"),
    );
  });

  it("issues and specs: list", async () => {
    const issues = await arbor(["issues"], { env });
    expect(issues.code).toBe(0);
    expect(issues.stdout).toBe("ISSUE-1  open  Login is broken\nISSUE-2  done  Dark mode\n");
    const specs = await arbor(["specs"], { env });
    expect(specs.stdout).toBe("SPEC-1  Authentication\n");
  });

  it("cancel: posts to /cancel", async () => {
    const res = await arbor(["cancel", E1], { env });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(`Execution ${E1} cancelled\n`);
  });

  it("API errors: prints the API's message and exits 1", async () => {
    const notFound = await arbor(["run", "ISSUE-404", "hello"], { env });
    expect(notFound).toEqual({ code: 1, stdout: "", stderr: "arbor: Issue ISSUE-404 not found\n" });

    const missing = await arbor(["show", "e2000000"], { env });
    expect(missing).toEqual({ code: 1, stdout: "", stderr: "arbor: Execution e2000000 not found\n" });
    const notAnId = await arbor(["show", "nope"], { env });
    expect(notAnId).toMatchObject({ code: 1, stdout: "", stderr: expect.stringMatching(/^arbor: ref: "nope" is not an execution id/) });

    const unauthorized = await arbor(["issues"], { env: { ...env, ARBOR_TOKEN: "wrong" } });
    expect(unauthorized).toEqual({ code: 1, stdout: "", stderr: "arbor: invalid token\n" });
  });

  it("API 422: prints the message and the validation details", async () => {
    const res = await arbor(["run", "ISSUE-1", "hello", "--agent", "nope"], { env });
    expect(res).toEqual({ code: 1, stdout: "", stderr: 'arbor: Invalid request body\n  - agent: Unknown agent "nope"\n' });
  });

  it("usage errors exit 2 with a usage line", async () => {
    const res = await arbor(["run", "ISSUE-1"], { env });
    expect(res).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'arbor: missing prompt\nusage: arbor run <ISSUE> "<prompt>" [--agent claude [--model M] | --agents claude,codex,gemini:MODEL] [--project PROJ|default] [--shared-directory] [--from REF] [--cwd DIR] [--session SESS [--fork] [--fresh-session]] [--mode ask|edits|plan|trusted [--allow RULE]… [--deny RULE]…] [--follow] [--json]\n',
    });
    const emptyStdin = await arbor(["run", "ISSUE-1", "-"], { env }); // stdin is /dev/null
    expect(emptyStdin).toEqual({ code: 2, stdout: "", stderr: "arbor: the prompt read from stdin is empty\n" });
    const unknown = await arbor(["frob"], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('arbor: unknown command "frob"');
  });

  it("unreachable server: explains and exits 1", async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const res = await arbor(["tree", "ISSUE-1"], { env: { ARBOR_URL: url } });
    expect(res).toEqual({ code: 1, stdout: "", stderr: `arbor: cannot reach Arbor at ${url} — is it running? (npm start)\n` });
  });

  it("help works from any cwd and via npx inside the repo", async () => {
    const res = await arbor(["help"], { cwd: os.tmpdir() });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("arbor run <ISSUE>");
    const npx = await arbor(["arbor", "help", "tree"], { cwd: path.join(ROOT, "cli"), command: ["npx", "--no"] });
    expect(npx.code).toBe(0);
    expect(npx.stdout).toContain("usage: arbor tree <ISSUE> [--json]");
  });
});
