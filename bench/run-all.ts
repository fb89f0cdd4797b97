// `npm run bench`: runs every benchmark and rewrites docs/performance.md.
//
//   npm run bench [-- --quick] [--skip-real] [--max-wait-s 300] [--quiet-load 1.5]
//   npm run bench -- --render-only     # rewrite the report from the last results (e.g. after editing bench/findings.md)
//
// Each benchmark runs as a child process (node + tsx with the react-server
// condition) and leaves its numbers in bench/results/<name>.json; this script
// then writes its section of the report from them (between the
// <!-- runner:start --> / <!-- runner:end --> markers; the rest of the file
// belongs to other benchmarks and is left as it is). Benchmarks use their own database,
// arbor_bench, on the server DATABASE_URL points at (default: local Postgres).
//
// Other work on the machine skews every number, so before starting we wait
// (at most --max-wait-s) for the 1-minute load average to drop below
// --quiet-load, and the report states the load seen during each benchmark.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import pg from "pg";
import type { IngestionResult, IngestionScenarioResult } from "@/bench/ingestion-throughput";
import type { SessionLatencyResult, LatencyScenario } from "@/bench/session-id-latency";
import { writeDocSection } from "@/bench/lib/doc-section";
import { MB, RESULTS_DIR, fmtMs, readResult, writeResult } from "@/bench/lib/stats";
import { nodeTsxArgs } from "@/scripts/lib/server-node-args";

const ROOT = process.cwd();
const DOC = path.join(ROOT, "docs", "performance.md");

const TARGETS = {
  sessionP99Ms: 50,
  linesPerSecond: 20_000,
  /** Tripling the output may raise the runner's RSS growth (peak − idle) by at most this much. */
  flatScaleBytes: 32 * MB,
  /** Peak RSS above idle on the 100 MB run. */
  flatGrowthBytes: 128 * MB,
};

function argValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

function runChild(script: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const argv = nodeTsxArgs(script, ...args);
    console.log(`\n$ node ${argv.join(" ")}`);
    const child = spawn(process.execPath, argv, { cwd: ROOT, stdio: "inherit", env: process.env });
    const timer = setTimeout(() => {
      console.error(`${script} still running after ${timeoutMs / 1000} s: stopping it`);
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 20_000).unref();
    }, timeoutMs);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${script} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

async function waitForQuiet(threshold: number, maxWaitMs: number): Promise<{ waitedS: number; load: number }> {
  const start = Date.now();
  let load = os.loadavg()[0];
  while (load >= threshold && Date.now() - start < maxWaitMs) {
    console.log(
      `load average ${load.toFixed(2)} ≥ ${threshold}: waiting for the machine to quiet down (${Math.round((maxWaitMs - (Date.now() - start)) / 1000)} s left)`,
    );
    await new Promise((r) => setTimeout(r, 15_000));
    load = os.loadavg()[0];
  }
  return { waitedS: Math.round((Date.now() - start) / 1000), load: Number(load.toFixed(2)) };
}

async function machine() {
  const url = process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
  let postgres = "unknown";
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const v = await client.query<{ server_version: string }>(`SHOW server_version`);
    const s = await client.query<{ name: string; setting: string; unit: string | null }>(
      `SELECT name, setting, unit FROM pg_settings WHERE name IN ('synchronous_commit','fsync','shared_buffers','max_wal_size')`,
    );
    const set = Object.fromEntries(s.rows.map((r) => [r.name, `${r.setting}${r.unit ? ` × ${r.unit}` : ""}`]));
    postgres = `PostgreSQL ${v.rows[0].server_version} at ${new URL(url).host} (fsync=${set.fsync}, synchronous_commit=${set.synchronous_commit}, shared_buffers=${set.shared_buffers})`;
  } catch (error) {
    postgres = `unreachable (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
  const git = (args: string[]) => {
    try {
      return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trimEnd();
    } catch {
      return "";
    }
  };
  const dirty = git(["status", "--porcelain", "--", "server/runner", "server/agents", "server/search", "prisma"])
    .split("\n")
    .filter(Boolean)
    .map((l) => l.slice(3));
  return {
    cpu: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}`,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres,
    commit: git(["rev-parse", "--short", "HEAD"]),
    dirty,
  };
}

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
const int = (n: number) => Math.round(n).toLocaleString("en");
const verdict = (ok: boolean) => (ok ? "**met**" : "**missed**");

function latencyRow(label: string, s: LatencyScenario) {
  const l = s.latency;
  const n = s.statusNotify;
  return `| ${label} | ${l.n} | ${fmtMs(l.p50)} | ${fmtMs(l.p95)} | ${fmtMs(l.p99)} | ${fmtMs(l.max)} | ${fmtMs(s.pollRoundTrip.p50)} | ${fmtMs(n.p50)} / ${fmtMs(n.p99)} | ${s.loadAverage} |`;
}

function sparkline(points: Array<{ s: number; mb: number }>): string {
  const bars = "▁▂▃▄▅▆▇█";
  const values = points.map((p) => p.mb);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return `${values.map((v) => bars[hi === lo ? 0 : Math.round(((v - lo) / (hi - lo)) * (bars.length - 1))]).join("")} (${lo}–${hi} MB)`;
}

function render(options: {
  date: string;
  m: Awaited<ReturnType<typeof machine>>;
  quiet: { waitedS: number; load: number; threshold: number };
  latency: SessionLatencyResult | null;
  ingestion: IngestionResult | null;
  findings: string;
  quick: boolean;
}): string {
  const { m, latency, ingestion } = options;
  const byId = new Map((ingestion?.scenarios ?? []).map((s) => [s.id, s]));
  const text1m = byId.get("text-1m");
  const text3m = byId.get("text-3m");
  const claude = byId.get("claude");
  const out: string[] = [];
  out.push("# Runner: session-id latency, ingestion throughput, memory");
  out.push("");
  out.push(
    `Generated by \`npm run bench\` (bench/run-all.ts) on ${options.date}${options.quick ? " with `--quick` (fewer runs and shorter floods: indicative only)" : ""}. ` +
      "Every number in this section comes from that run; rerun it to refresh the section (the investigation notes are kept in bench/findings.md). " +
      "Only the part of this file between the `runner:start`/`runner:end` markers is rewritten; other benchmarks own the other sections.",
  );
  out.push("");
  out.push("## Machine");
  out.push("");
  out.push(`- CPU: ${m.cpu}`);
  out.push(`- Memory: ${m.memory}; ${m.os}`);
  out.push(`- Node ${m.node}`);
  out.push(`- ${m.postgres}; benchmarks use their own database \`arbor_bench\`, recreated from prisma/migrations at the start of each benchmark`);
  // The files as they were then, not references (no backticks: docs' backticked paths must exist, test/unit/doc-paths.test.ts).
  out.push(`- Code: commit ${m.commit || "?"}${m.dirty.length ? ` plus uncommitted changes in ${m.dirty.join(", ")}` : ""}`);
  out.push(
    `- Load: the machine is shared (other builds and test runs may be going on). 1-minute load average when the run started: ${options.quiet.load} ` +
      `(waited ${options.quiet.waitedS} s for it to drop below ${options.quiet.threshold}). The load seen by each measurement is in its table; it includes the benchmark's own processes ` +
      "(polling loop, runner, agent and Postgres: about 1–2 while it runs), so on 2 cores anything well above 2 means other work competed for the CPU.",
  );
  out.push("");

  out.push("## Targets");
  out.push("");
  out.push("| Target | Result | |");
  out.push("|---|---|---|");
  if (latency) {
    out.push(
      `| Session-id latency p99 ≤ ${TARGETS.sessionP99Ms} ms (agent prints init → \`GET /api/executions/:id\` returns the id) | idle runner: p99 ${fmtMs(latency.idle.latency.p99)} ms (p50 ${fmtMs(latency.idle.latency.p50)} ms, n=${latency.idle.latency.n})` +
        (latency.underLoad ? `; same runner ingesting a flood: p99 ${fmtMs(latency.underLoad.latency.p99)} ms` : "") +
        (latency.underLoadOtherRunner ? `; another runner ingesting it: p99 ${fmtMs(latency.underLoadOtherRunner.latency.p99)} ms` : "") +
        ` | ${verdict(latency.idle.latency.p99 <= TARGETS.sessionP99Ms)} (idle)${latency.underLoad ? `, ${verdict(latency.underLoad.latency.p99 <= TARGETS.sessionP99Ms)} (under load)` : ""} |`,
    );
  }
  if (text1m) {
    out.push(
      `| Ingestion ≥ ${int(TARGETS.linesPerSecond)} lines/s per runner | 100-byte text lines: ${int(text1m.linesPerSecond.median)} lines/s (median of ${text1m.runs.length})` +
        (claude
          ? `; Claude stream-json lines (~${Math.round(claude.stdoutBytes / claude.lines)} B, search text stored; indexed by the runner's background indexer): ${int(claude.linesPerSecond.median)} lines/s`
          : "") +
        ` | ${verdict(text1m.linesPerSecond.median >= TARGETS.linesPerSecond)} (text)${claude ? `, ${verdict(claude.linesPerSecond.median >= TARGETS.linesPerSecond)} (Claude lines)` : ""} |`,
    );
    // Growth, not raw peaks: a fresh runner's idle RSS itself varies by tens of MB from one start to the next.
    const scaleOk = text3m ? text3m.rss.growth - text1m.rss.growth <= TARGETS.flatScaleBytes : null;
    const growthOk = text1m.rss.growth <= TARGETS.flatGrowthBytes;
    out.push(
      `| Flat runner memory on a 100 MB run | 100 MB run: RSS ${mb(text1m.rss.idleBefore)} idle → ${mb(text1m.rss.peak)} peak (+${mb(text1m.rss.growth)})` +
        (text3m ? `; 300 MB run: peak ${mb(text3m.rss.peak)} (+${mb(text3m.rss.growth)})` : "") +
        ` | ${verdict(growthOk && scaleOk !== false)} (criterion: peak ≤ idle + ${mb(TARGETS.flatGrowthBytes)}${text3m ? `, and 3× the output adds ≤ ${mb(TARGETS.flatScaleBytes)} to that growth` : ""}) |`,
    );
  }
  out.push("");

  if (latency) {
    out.push("## Session-id latency");
    out.push("");
    out.push(
      "Measured: from the moment the agent process writes its `system/init` line to the moment a `GET /api/executions/:id` returns that session id. " +
        "The agent is a stand-in (bench/agents/fake-claude.mjs), not the real CLI: it answers Arbor's probe with the real 2.1.330 `--help`/`--version` texts, " +
        "prints the real 2.1.330 init line naming the `--session-id` it was given, and records `CLOCK_MONOTONIC` just before writing it. " +
        "Everything on Arbor's side is real: `POST /api/executions` and `GET /api/executions/:id` route handlers (called in-process in the benchmark, without Next's HTTP layer), " +
        "the graphile-worker queue, a runner in a process of its own (scripts/runner.ts), the Claude launch builder and stream-json parser, Prisma and Postgres. " +
        "The benchmark polls GET back to back and takes `CLOCK_MONOTONIC` when a response carries the id (same clock in both processes, so no clock skew); " +
        "the resolution is one GET round trip, shown as *poll RTT*. Runs are sequential; warm-up runs are excluded. " +
        "The last column is the runner-side part alone: init printed → the runner's `arbor_execution_status` NOTIFY (sent after the id is pinned, and what a live UI reacts to) reaching a listener in the benchmark.",
    );
    out.push("");
    out.push("| Scenario | n | p50 ms | p95 ms | p99 ms | max ms | poll RTT p50 ms | init → status NOTIFY p50 / p99 ms | load avg |");
    out.push("|---|---|---|---|---|---|---|---|---|");
    out.push(latencyRow("Idle runner", latency.idle));
    const floodNote = (f: { floodLinesPerSecond: number | null }) =>
      f.floodLinesPerSecond ? `${int(f.floodLinesPerSecond)} lines/s meanwhile` : "flood ended early";
    if (latency.underLoad) out.push(latencyRow(`Same runner ingesting a \`command\` flood (${floodNote(latency.underLoad)})`, latency.underLoad));
    if (latency.underLoadOtherRunner) {
      out.push(
        latencyRow(`Another runner process on this machine ingesting the flood (${floodNote(latency.underLoadOtherRunner)})`, latency.underLoadOtherRunner),
      );
    }
    out.push("");
    out.push(
      `POST returned → id visible (queue pick-up, launch, the stand-in's ~40 ms Node start-up, pipeline): p50 ${fmtMs(latency.idle.postToVisible.p50)} ms, p99 ${fmtMs(latency.idle.postToVisible.p99)} ms (idle).` +
        (latency.underLoad?.cancelSeconds !== undefined
          ? ` Cancelling the flood afterwards took ${latency.underLoad.cancelSeconds === null ? "more than 300 s" : `${latency.underLoad.cancelSeconds.toFixed(1)} s`} (Cancel → execution no longer running).`
          : ""),
    );
    out.push("");
    if (latency.realCli) {
      const r = latency.realCli;
      out.push(
        `**Context only — real Claude Code CLI** (node_modules/.bin/claude 2.1.330 against the Messages-API stand-in, test/support/messages-api.ts): ` +
          `from process spawn (a wrapper, bench/agents/claude-spawn-stamp.sh, stamps the time and execs the CLI) to GET returning the id: ` +
          `p50 ${fmtMs(r.spawnToVisible.p50)} ms, p95 ${fmtMs(r.spawnToVisible.p95)} ms, max ${fmtMs(r.spawnToVisible.max)} ms (n=${r.spawnToVisible.n}, load avg ${r.loadAverage}). ` +
          `Almost all of it is the CLI starting up before it prints its init line, which is not Arbor's latency; POST → visible p50 ${fmtMs(r.postToVisible.p50)} ms.`,
      );
      out.push("");
    }
  }

  if (ingestion) {
    out.push("## Ingestion throughput and runner memory");
    out.push("");
    out.push(
      "Each repetition empties arbor_bench, starts a fresh runner process (scripts/runner.ts, as `npm run runner` does), creates one execution through `POST /api/executions` " +
        "and lets the agent print as fast as the pipe takes it. *Lines/s* is stored stdout rows divided by the time between the first and the last stored batch " +
        "(`execution_events.created_at`); every run is checked to have stored every line, in order, without gaps. *RSS* is the runner's VmRSS from /proc/<pid>/status, sampled every 100 ms " +
        "(idle = just before the run; the worst repetition is shown). CPU per 100k lines is read from /proc for the runner and for the Postgres backends connected to arbor_bench. " +
        "Agents: bench/agents/flood.mjs (run by the `command` agent; every line becomes one text event) and bench/agents/fake-claude.mjs (real 2.1.330 stream-json assistant lines with English-like text, parsed by the Claude parser; their search text is stored with them and turned into the full-text index by the runner's background indexer, which yields to ingestion).",
    );
    out.push("");
    out.push(
      "| Scenario | Output | Lines/s median (min–max) | MB/s | Runner RSS idle → peak (growth) | RSS 5 s after | Runner CPU / 100k lines | Postgres CPU / 100k lines | load avg |",
    );
    out.push("|---|---|---|---|---|---|---|---|---|");
    for (const s of ingestion.scenarios) out.push(ingestionRow(s));
    out.push("");
    out.push("Runner RSS over each run (worst repetition; one bar per ~1/60 of the run, from 1.5 s before the execution started to 5 s after it ended):");
    out.push("");
    for (const s of ingestion.scenarios) {
      const worst = s.runs.reduce((a, b) => (b.rss.peak - b.rss.idleBefore > a.rss.peak - a.rss.idleBefore ? b : a));
      out.push(`- ${s.id}: ${sparkline(worst.rssTimeline)}`);
    }
    out.push("");
  }

  if (options.findings) {
    out.push(options.findings.trim());
    out.push("");
  }

  out.push("## How to run");
  out.push("");
  out.push("```sh");
  out.push("npm run bench                      # everything, then rewrites this section of docs/performance.md (~25 min)");
  out.push("npm run bench -- --quick           # fewer runs, smaller floods (a smoke test of the benchmarks)");
  out.push("npm run bench -- --render-only     # rewrite the section from bench/results/ (e.g. after editing bench/findings.md)");
  out.push("npx tsx --conditions=react-server bench/session-id-latency.ts [--runs 200] [--skip-real] [--skip-load]");
  out.push("npx tsx --conditions=react-server bench/ingestion-throughput.ts [--only text-1m,claude] [--repeat 3]");
  out.push("```");
  out.push("");
  out.push(
    "DATABASE_URL picks the Postgres server (default `postgresql://postgres@127.0.0.1:5432/postgres`); the benchmarks only ever create, use and drop the `arbor_bench` database on it. " +
      'Raw numbers of the last run are in bench/results/*.json. To profile the runner, set `BENCH_RUNNER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`; ' +
      "to compare a runner change, point `BENCH_RUNNER_CWD` at another copy of the tree (the runner process runs from there).",
  );
  out.push("");
  // One level down: this is a section of docs/performance.md, under its "# Performance" title.
  return out.map((line) => (line.startsWith("#") ? `#${line}` : line)).join("\n");
}

function ingestionRow(s: IngestionScenarioResult): string {
  const worst = s.runs.reduce((a, b) => (b.rss.peak - b.rss.idleBefore > a.rss.peak - a.rss.idleBefore ? b : a));
  const med = (f: (r: IngestionScenarioResult["runs"][number]) => number) => {
    const v = s.runs.map(f).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)];
  };
  const loads = s.runs.map((r) => r.loadAverage);
  return (
    `| ${s.id}: ${s.title} | ${int(s.lines)} lines, ${mb(s.stdoutBytes)} | ${int(s.linesPerSecond.median)} (${int(s.linesPerSecond.min)}–${int(s.linesPerSecond.max)}) | ` +
    `${((s.linesPerSecond.median * s.stdoutBytes) / s.lines / MB).toFixed(1)} | ${mb(worst.rss.idleBefore)} → ${mb(worst.rss.peak)} (+${mb(worst.rss.peak - worst.rss.idleBefore)}) | ${mb(worst.rss.after5s)} | ` +
    `${int(med((r) => r.runnerCpuMsPer100kLines))} ms | ${int(med((r) => r.postgresCpuMsPer100kLines))} ms | ${Math.min(...loads)}–${Math.max(...loads)} |`
  );
}

async function main() {
  const argv = process.argv.slice(2);
  const quick = argv.includes("--quick");
  const skipReal = argv.includes("--skip-real");
  const threshold = Number(argValue(argv, "--quiet-load") ?? 1.5);
  const maxWaitMs = Number(argValue(argv, "--max-wait-s") ?? 300) * 1000;
  const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");

  const renderOnly = argv.includes("--render-only");
  const m = await machine();
  console.log(`machine: ${m.cpu}, ${m.memory}, node ${m.node}, ${m.postgres}`);
  if (renderOnly) {
    const meta = readResult<{ date: string; quick: boolean; quiet: { waitedS: number; load: number; threshold: number }; machine?: typeof m }>("run-all");
    if (!meta) throw new Error("no bench/results/run-all.json: run the benchmarks first");
    const findingsFile = path.join(ROOT, "bench", "findings.md");
    const findings = existsSync(findingsFile) ? readFileSync(findingsFile, "utf8") : "";
    // The machine and code as they were when the benchmarks ran.
    writeDocSection(
      "runner",
      render({ ...meta, m: meta.machine ?? m, latency: readResult("session-id-latency"), ingestion: readResult("ingestion-throughput"), findings }),
      { file: DOC, first: true },
    );
    console.log(`wrote ${path.relative(ROOT, DOC)} from the results of ${meta.date}`);
    return;
  }
  const quiet = await waitForQuiet(threshold, maxWaitMs);
  writeResult("run-all", { date, quick, quiet: { ...quiet, threshold }, machine: m });

  const latencyArgs = quick ? ["--runs", "50", "--warmup", "2", "--load-runs", "20", "--real-runs", "3"] : [];
  if (skipReal) latencyArgs.push("--skip-real");
  const ingestionArgs = quick ? ["--repeat", "1", "--scale", "0.2"] : ["--repeat", "3"];

  const failures: string[] = [];
  for (const [script, args] of [
    ["bench/session-id-latency.ts", latencyArgs],
    ["bench/ingestion-throughput.ts", ingestionArgs],
  ] as const) {
    try {
      await runChild(script, [...args], 60 * 60_000);
    } catch (error) {
      failures.push((error as Error).message);
      console.error((error as Error).message);
    }
  }

  const latency = readResult<SessionLatencyResult>("session-id-latency");
  const ingestion = readResult<IngestionResult>("ingestion-throughput");
  const findingsFile = path.join(ROOT, "bench", "findings.md");
  const findings = existsSync(findingsFile) ? readFileSync(findingsFile, "utf8") : "";
  // A failed benchmark leaves the previous run's file: say so rather than pass old numbers off as new.
  const fresh = <T extends { date: string }>(d: T | null): T | null => (d && new Date(d.date).getTime() >= new Date(date).getTime() - 1000 ? d : null);
  const doc = render({ date, m, quiet: { ...quiet, threshold }, latency: fresh(latency), ingestion: fresh(ingestion), findings, quick });
  const failureNote = failures.length ? `\n> **Incomplete run:** ${failures.join("; ")}. Sections of the failed benchmarks are missing.\n` : "";
  writeDocSection("runner", doc.replace("\n### Machine", `${failureNote}\n### Machine`), { file: DOC, first: true });
  console.log(`\nwrote ${path.relative(ROOT, DOC)} (raw results in ${path.relative(ROOT, RESULTS_DIR)}/)`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
