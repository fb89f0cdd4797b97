import { mkdtemp, mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { prisma } from "@/server/db";
import { startRunner, type RunnerHandle } from "@/server/runner/run-runner";
import { claudeTestEnv, startMessagesApi, type MessagesApi } from "@/test/support/messages-api";
import { testDatabaseUrl } from "@/test/support/db";
import type { ExecutionDto } from "@/lib/execution-types";

// Everything an executions integration test needs: the Messages-API stand-in,
// an isolated Claude config dir and workspace, env pointing the real CLI at
// the stand-in, and helpers to start runners and wait for executions.

export type Harness = {
  api: MessagesApi;
  tmp: string;
  workspace: string;
  env: Record<string, string | undefined>;
  /** `env` is laid over this process's env for that runner only (e.g. CLAUDE_BIN=/nonexistent). */
  startRunner(options?: { runnerId?: string; cancelGraceMs?: number; env?: Record<string, string | undefined> }): Promise<RunnerHandle>;
  close(): Promise<void>;
};

export async function createHarness(): Promise<Harness> {
  const api = await startMessagesApi();
  const tmp = await mkdtemp(path.join(os.tmpdir(), "arbor-exec-"));
  const workspace = path.join(tmp, "workspace");
  await mkdir(workspace, { recursive: true });
  const env: Record<string, string | undefined> = {
    ...claudeTestEnv(api, path.join(tmp, "claude-config")),
    ARBOR_WORKSPACE: workspace,
    ARBOR_DATA_DIR: path.join(tmp, "data"),
    CLAUDE_BIN: process.env.CLAUDE_BIN ?? path.join(process.cwd(), "node_modules", ".bin", "claude"),
  };
  // Route handlers read configuration from process.env.
  const saved: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) {
    saved[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const runners: RunnerHandle[] = [];
  return {
    api,
    tmp,
    workspace,
    env,
    async startRunner(options = {}) {
      const runner = await startRunner({
        databaseUrl: testDatabaseUrl(),
        runnerId: options.runnerId ?? "test-runner",
        cancelGraceMs: options.cancelGraceMs ?? 2_000,
        env: { ...process.env, ...(options.env ?? {}) },
      });
      runners.push(runner);
      return runner;
    },
    async close() {
      for (const runner of runners) await runner.stop();
      await api.close();
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

export async function createIssue(title = "Fix the login bug"): Promise<string> {
  const counter = await prisma.counter.upsert({ where: { name: "issue" }, create: { name: "issue", value: 1 }, update: { value: { increment: 1 } } });
  const issue = await prisma.issue.create({ data: { id: `ISSUE-${counter.value}`, number: counter.value, title } });
  return issue.id;
}

const TERMINAL = new Set(["completed", "failed", "cancelled", "interrupted"]);

export async function waitForExecution(
  id: string,
  predicate: (row: Awaited<ReturnType<typeof prisma.execution.findUniqueOrThrow>>) => boolean = (row) => TERMINAL.has(row.status),
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await prisma.execution.findUniqueOrThrow({ where: { id } });
    if (predicate(row)) return row;
    if (Date.now() > deadline) throw new Error(`execution ${id} still ${row.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until the runner's search indexer has indexed every event of the
 * execution stored so far (search vectors are filled after the events are
 * stored, usually within a few hundred ms of a run's last output).
 */
export async function waitForSearchIndexed(id: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await prisma.execution.findUniqueOrThrow({ where: { id }, select: { eventCount: true, searchIndexedSeq: true } });
    if (row.searchIndexedSeq >= row.eventCount) return;
    if (Date.now() > deadline) throw new Error(`execution ${id}: events indexed up to ${row.searchIndexedSeq} of ${row.eventCount} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function call(handler: (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>, options: { method?: string; url?: string; id?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const request = new Request(options.url ?? "http://127.0.0.1:3000/api/test", {
    method: options.method ?? "POST",
    headers: { "content-type": "application/json", ...(options.headers ?? {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const response = await handler(request, { params: Promise.resolve({ id: options.id ?? "" }) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null } as { status: number; headers: Headers; body: ExecutionDto & { error: { code: string; message: string } } };
}
