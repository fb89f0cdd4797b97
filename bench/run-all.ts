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
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { IngestionResult } from "@/bench/ingestion-throughput/results";
import { writeDocSection } from "@/bench/lib/doc-section";
import { renderRunnerReport, type Machine } from "@/bench/lib/runner-report";
import { RESULTS_DIR, readResult, writeResult } from "@/bench/lib/stats";
import type { SessionLatencyResult } from "@/bench/session-id-latency/results";
import { nodeTsxArgs } from "@/scripts/lib/server-node-args";

const ROOT = process.cwd();
const DOC = path.join(ROOT, "docs", "performance.md");

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

async function machine(): Promise<Machine> {
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
      renderRunnerReport({ ...meta, m: meta.machine ?? m, latency: readResult("session-id-latency"), ingestion: readResult("ingestion-throughput"), findings }),
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
  const doc = renderRunnerReport({ date, m, quiet: { ...quiet, threshold }, latency: fresh(latency), ingestion: fresh(ingestion), findings, quick });
  const failureNote = failures.length ? `\n> **Incomplete run:** ${failures.join("; ")}. Sections of the failed benchmarks are missing.\n` : "";
  writeDocSection("runner", doc.replace("\n### Machine", `${failureNote}\n### Machine`), { file: DOC, first: true });
  console.log(`\nwrote ${path.relative(ROOT, DOC)} (raw results in ${path.relative(ROOT, RESULTS_DIR)}/)`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
