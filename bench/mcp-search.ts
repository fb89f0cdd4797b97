// `search_sessions` as an agent's MCP client sees it, over the search
// benchmark's 1,000,000 stored events: the real POST handler of
// app/api/mcp/route.ts served over HTTP on loopback, called by the official
// SDK's Client over StreamableHTTPClientTransport with the Bearer token of a
// running execution, timed end to end on the client. The same queries go
// through server/search/search.ts directly in the same run, so what MCP adds
// (HTTP, the SDK on both sides, the token check, the tool's agent lookup and
// formatting, recording the call) shows beside the search itself.
//
//   npx tsx --conditions=react-server bench/mcp-search.ts [--rounds 5] [--limit 10] [--max-minutes 30] [--events 1000000] [--reseed] [--no-docs]
//
// Data: bench/search.ts's database `arbor_bench_search` (seeded if missing,
// kept between runs: bench/search/ensure-seed.ts) and its queries
// (bench/search/queries.ts). The client connects once; each query is called
// once to warm up, then `rounds` times, each time both ways back to back (the
// order alternating, so neither way always finds the other's pages cached).
// Writes bench/results/mcp-search.json and the "mcp-search" section of
// docs/performance.md. The execution and token it inserts are deleted at the
// end (and a crashed run's on the next start).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { writeDocSection } from "@/bench/lib/doc-section";
import { fmtMs, loadAverage, percentile, round2, writeResult } from "@/bench/lib/stats";
import { type McpSearchBenchResult, renderSection, timing } from "@/bench/mcp-search/report";
import { ensureSearchSeed } from "@/bench/search/ensure-seed";
import { QUERIES } from "@/bench/search/queries";
import { startRouteServer } from "@/test/support/route-server";

const TARGET_P50_MS = 100;

const log = (line: string) => console.log(`[mcp-search bench] ${line}`);

/** Set once the caller exists, so every way out (the deadline too) deletes its rows. */
let cleanup: (() => Promise<void>) | null = null;

async function main() {
  const { values } = parseArgs({
    options: {
      events: { type: "string", default: "1000000" },
      rounds: { type: "string", default: "5" },
      // The tool's own default page (an agent rarely asks for more); bench/search.ts times 20.
      limit: { type: "string", default: "10" },
      reseed: { type: "boolean", default: false },
      "max-minutes": { type: "string", default: "30" },
      "no-docs": { type: "boolean", default: false },
    },
  });
  const deadline = setTimeout(() => {
    console.error(`mcp-search bench: still running after ${values["max-minutes"]} minutes; stopping`);
    void Promise.race([cleanup?.(), new Promise((resolve) => setTimeout(resolve, 10_000))]).finally(() => process.exit(2));
  }, Number(values["max-minutes"]) * 60_000);
  deadline.unref();
  const rounds = Number(values.rounds);
  const limit = Number(values.limit);

  const { seed, postgres, url } = await ensureSearchSeed({ events: Number(values.events), reseed: values.reseed }, log);

  // server/db.ts reads DATABASE_URL when it loads: everything that reaches it is imported from here on.
  process.env.DATABASE_URL = url;
  const { search } = await import("@/server/search/search");
  const { prisma } = await import("@/server/db");
  const { POST } = await import("@/app/api/mcp/route");
  const { insertCaller, recordedDurations, removeCaller } = await import("@/bench/mcp-search/caller");

  const caller = await insertCaller();
  const server = await startRouteServer({ "/api/mcp": { POST } });
  const client = new Client({ name: "arbor-mcp-search-bench", version: "1.0.0" });
  cleanup = async () => {
    cleanup = null;
    await client.close().catch(() => {});
    await server.close().catch(() => {});
    await removeCaller(caller);
    await prisma.$disconnect();
  };

  try {
    const transport = new StreamableHTTPClientTransport(new URL("/api/mcp", server.url), {
      requestInit: { headers: { authorization: `Bearer ${caller.token}` } },
    });
    await client.connect(transport);
    log(`connected to ${server.url}/api/mcp as execution ${caller.executionId}`);

    const viaMcp = async (q: string) => {
      const t0 = performance.now();
      const result = await client.callTool({ name: "search_sessions", arguments: { query: q, limit } });
      const ms = performance.now() - t0;
      const text = (result.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? "").join("\n");
      if (result.isError) throw new Error(`search_sessions "${q}" answered an error: ${text}`);
      const hits = ((result.structuredContent as { hits?: unknown[] } | undefined)?.hits ?? []).length;
      return { ms, hits, chars: text.length };
    };
    const direct = async (q: string) => {
      const t0 = performance.now();
      const result = await search({ q, limit });
      const ms = performance.now() - t0;
      if (!result.ok) throw new Error(`search "${q}" failed: ${result.error.message}`);
      return { ms, hits: result.value.hitCount };
    };

    const mcpMs = new Map<string, number[]>();
    const directMs = new Map<string, number[]>();
    const overheadMs = new Map<string, number[]>();
    const answers = new Map<string, { hits: number; answerChars: number }>();
    let loadBefore = loadAverage();
    for (let round = 0; round <= rounds; round++) {
      if (round === 1) loadBefore = loadAverage();
      for (const [i, { q }] of QUERIES.entries()) {
        let m: Awaited<ReturnType<typeof viaMcp>>;
        let d: Awaited<ReturnType<typeof direct>>;
        if ((round + i) % 2 === 0) {
          m = await viaMcp(q);
          d = await direct(q);
        } else {
          d = await direct(q);
          m = await viaMcp(q);
        }
        if (round === 0) {
          answers.set(q, { hits: m.hits, answerChars: m.chars });
          continue; // warm-up
        }
        mcpMs.set(q, [...(mcpMs.get(q) ?? []), m.ms]);
        directMs.set(q, [...(directMs.get(q) ?? []), d.ms]);
        overheadMs.set(q, [...(overheadMs.get(q) ?? []), m.ms - d.ms]);
      }
      log(round === 0 ? "warm-up round done" : `round ${round}/${rounds} done`);
    }
    const loadAfter = loadAverage();

    // The server's own record of each call: the tool's time (search, agent lookup, formatting), without the warm-up round.
    const toolMs = (await recordedDurations(caller.executionId)).slice(QUERIES.length);

    const classes = [...new Set(QUERIES.map((x) => x.class))];
    const of = (times: Map<string, number[]>, klass?: string) => QUERIES.filter((x) => !klass || x.class === klass).flatMap((x) => times.get(x.q)!);
    const mcp = timing(of(mcpMs));
    const result: McpSearchBenchResult = {
      date: new Date().toISOString(),
      commit: gitCommit(),
      node: process.version,
      sdk: sdkVersion(),
      cpus: `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "?"}`,
      postgres,
      seed,
      rounds,
      limit,
      mcp,
      direct: timing(of(directMs)),
      overhead: timing(of(overheadMs)),
      toolServerSide: timing(toolMs),
      byClass: classes.map((klass) => ({
        class: klass,
        queries: QUERIES.filter((x) => x.class === klass).length,
        mcp: timing(of(mcpMs, klass)),
        direct: timing(of(directMs, klass)),
        overheadP50: round2(percentile(of(overheadMs, klass), 50)),
      })),
      queries: QUERIES.map(({ q, class: klass }) => ({
        q,
        class: klass,
        ...answers.get(q)!,
        mcpMedianMs: round2(percentile(mcpMs.get(q)!, 50)),
        directMedianMs: round2(percentile(directMs.get(q)!, 50)),
      })),
      targetP50Ms: TARGET_P50_MS,
      metTarget: mcp.p50 <= TARGET_P50_MS,
      loadAverage: { before: loadBefore, after: loadAfter },
    };

    const file = writeResult("mcp-search", result);
    log(
      `${result.mcp.n} timed tools/call: p50 ${fmtMs(result.mcp.p50)} ms, p95 ${fmtMs(result.mcp.p95)} ms, p99 ${fmtMs(result.mcp.p99)} ms ` +
        `(target p50 ≤ ${TARGET_P50_MS} ms: ${result.metTarget ? "met" : "MISSED"})`,
    );
    log(
      `direct search(): p50 ${fmtMs(result.direct.p50)} ms, p95 ${fmtMs(result.direct.p95)} ms; MCP minus direct, paired: p50 ${fmtMs(result.overhead.p50)} ms`,
    );
    for (const c of result.byClass) {
      log(
        `  ${c.class.padEnd(26)} MCP p50 ${fmtMs(c.mcp.p50).padStart(6)}  p95 ${fmtMs(c.mcp.p95).padStart(6)}   direct p50 ${fmtMs(c.direct.p50).padStart(6)} ms`,
      );
    }
    log(`load average ${loadBefore} before the timed rounds, ${loadAfter} after; results: ${path.relative(process.cwd(), file)}`);
    if (!values["no-docs"]) {
      writeDocSection("mcp-search", renderSection(result));
      log("docs/performance.md: mcp-search section updated");
    }
  } finally {
    await cleanup?.();
  }
}

function gitCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

function sdkVersion(): string {
  const file = path.join(process.cwd(), "node_modules", "@modelcontextprotocol", "sdk", "package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
