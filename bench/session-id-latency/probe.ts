import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { executionRoutes } from "@/bench/lib/execution-routes";
import { sleep } from "@/bench/lib/runner-process";
import { fmtMs, loadAverage, monoNowMs, summarize } from "@/bench/lib/stats";
import type { LatencyScenario } from "@/bench/session-id-latency/results";
import { prisma } from "@/server/db";
import { STATUS_CHANNEL } from "@/server/realtime/channels";

// How bench/session-id-latency.ts sees a session id arrive: executions created
// through the real POST handler, GET polled back to back until it returns the
// id, the runner's status NOTIFYs heard on a LISTEN connection, and the
// CLOCK_MONOTONIC stamps the agent (or its spawn wrapper) writes to `stamps`.
// Imported dynamically, after DATABASE_URL names arbor_bench (server/db reads
// it when first loaded).

export const TERMINAL = new Set(["completed", "failed", "cancelled", "interrupted"]);

export type Probe = Awaited<ReturnType<typeof startProbe>>;

export async function startProbe(options: { url: string; stamps: string; holdMs: number }) {
  const { stamps } = options;
  // The runner NOTIFYs the status channel once the id is pinned; live UIs react to that.
  const statusNotes = new Map<string, number[]>();
  const listener = new pg.Client({ connectionString: options.url });
  await listener.connect();
  listener.on("notification", (msg) => {
    if (!msg.payload) return;
    const at = monoNowMs();
    const list = statusNotes.get(msg.payload) ?? [];
    list.push(at);
    statusNotes.set(msg.payload, list);
  });
  await listener.query(`LISTEN ${STATUS_CHANNEL}`);

  const { create, get } = await executionRoutes("Benchmark: session-id latency");
  /** Polls GET back to back until it returns the session id. */
  const pollForSession = async (id: string, timeoutMs = 30_000) => {
    const deadline = monoNowMs() + timeoutMs;
    for (;;) {
      const before = monoNowMs();
      const dto = await get(id);
      const after = monoNowMs();
      if (dto.sessionId) return { dto, seenAt: after, seenWall: performance.timeOrigin + performance.now(), roundTrip: after - before };
      if (TERMINAL.has(dto.status)) throw new Error(`execution ${id} ended ${dto.status} without a session id: ${JSON.stringify(dto.error)}`);
      if (after > deadline) throw new Error(`no session id for ${id} after ${timeoutMs} ms`);
    }
  };
  const waitTerminal = async (id: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await prisma.execution.findUniqueOrThrow({ where: { id } });
      if (TERMINAL.has(row.status)) return row;
      if (Date.now() > deadline) throw new Error(`execution ${id} still ${row.status} after ${timeoutMs} ms`);
      await sleep(20);
    }
  };
  const readStamp = async (file: string, timeoutMs = 5_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const text = await readFile(file, "utf8");
        if (text) return text;
      } catch {
        // not written yet
      }
      if (Date.now() > deadline) throw new Error(`no stamp at ${file}`);
      await sleep(5);
    }
  };

  /** One measured run with the fake CLI. */
  const fakeRun = async () => {
    const posted = await create("claude", JSON.stringify({ mode: "latency", holdMs: options.holdMs }));
    const postedAt = monoNowMs();
    const seen = await pollForSession(posted.id);
    const row = await waitTerminal(posted.id);
    if (row.sessionId !== row.targetSessionId) throw new Error(`pinned ${row.sessionId}, expected ${row.targetSessionId}`);
    if (row.status !== "completed") throw new Error(`run ended ${row.status}: ${row.errorMessage}`);
    const printedAt = Number(BigInt(await readStamp(path.join(stamps, row.sessionId!)))) / 1e6;
    // The first status NOTIFY after the init line is the pin's (the claim's came before the spawn).
    const notifiedAt = statusNotes.get(posted.id)?.find((t) => t > printedAt);
    statusNotes.delete(posted.id);
    if (notifiedAt === undefined) throw new Error(`no status NOTIFY after the init line of ${posted.id}`);
    return { latency: seen.seenAt - printedAt, notify: notifiedAt - printedAt, roundTrip: seen.roundTrip, postToVisible: seen.seenAt - postedAt };
  };

  /** `runs` measured runs after `warmup` unmeasured ones, one at a time. */
  const measure = async (name: string, runs: number, warmup: number): Promise<LatencyScenario> => {
    const load = loadAverage();
    const warm: number[] = [];
    for (let i = 0; i < warmup; i++) warm.push((await fakeRun()).latency);
    const latency: number[] = [];
    const notify: number[] = [];
    const trips: number[] = [];
    const endToEnd: number[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await fakeRun();
      latency.push(r.latency);
      notify.push(r.notify);
      trips.push(r.roundTrip);
      endToEnd.push(r.postToVisible);
      if ((i + 1) % 10 === 0) process.stdout.write(`  ${name}: ${i + 1}/${runs} runs, last ${fmtMs(r.latency)} ms\n`);
    }
    return {
      name,
      latency: summarize(latency),
      statusNotify: summarize(notify),
      pollRoundTrip: summarize(trips),
      postToVisible: summarize(endToEnd),
      samples: latency,
      warmupSamples: warm,
      loadAverage: load,
    };
  };

  return { create, pollForSession, waitTerminal, readStamp, measure, close: () => listener.end().catch(() => {}) };
}

export function print(s: LatencyScenario) {
  const l = s.latency;
  console.log(
    `  init printed → GET returns id: p50 ${fmtMs(l.p50)} ms, p95 ${fmtMs(l.p95)} ms, p99 ${fmtMs(l.p99)} ms, max ${fmtMs(l.max)} ms (n=${l.n}; poll round trip p50 ${fmtMs(s.pollRoundTrip.p50)} ms); ` +
      `→ status NOTIFY: p50 ${fmtMs(s.statusNotify.p50)} ms, p99 ${fmtMs(s.statusNotify.p99)} ms`,
  );
}
