// Runner crash soak: kills a runner process (SIGKILL) many times at random
// moments while all its slots are busy, and counts what a crash must never
// leave behind: executions stuck (queued or running forever), executions
// lost (ended other than completed, or interrupted with their session kept),
// agents still running, and locks of dead processes still held. The loop is
// the one test/integration/runner-kill/runner-kill.test.ts runs 8 times in
// CI (test/integration/runner-kill/support/runner-chaos.ts).
//
//   npx tsx --conditions=react-server bench/runner-crash-soak.ts [--kills 100] [--concurrency 4] [--seed N]
//
// Uses the arbor_bench database on the server DATABASE_URL points at. Writes
// bench/results/runner-crash-soak.json and the "Runner crash soak" section of
// docs/performance.md (between its markers only).
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { prepareBenchDatabase, resetBenchData } from "@/bench/lib/bench-db";
import { writeDocSection } from "@/bench/lib/doc-section";
import { loadAverage, writeResult } from "@/bench/lib/stats";
import type { ChaosReport } from "@/test/integration/runner-kill/support/runner-chaos";

const DOC = path.join(process.cwd(), "docs", "performance.md");

type SoakResult = ChaosReport & { date: string; concurrency: number; sweepEvery: number; maxKillDelayMs: number; loadAverage: number; machine: string };

async function main() {
  const { values } = parseArgs({
    options: {
      kills: { type: "string", default: "100" },
      concurrency: { type: "string", default: "4" },
      seed: { type: "string" },
      "max-delay-ms": { type: "string", default: "1500" },
    },
  });
  const url = await prepareBenchDatabase();
  await resetBenchData(url);
  const tmp = await mkdtemp(path.join(os.tmpdir(), "arbor-bench-crash-"));
  const workspace = path.join(tmp, "workspace");
  await mkdir(workspace, { recursive: true });
  // The in-process API (route handlers) and the runner processes read these.
  process.env.DATABASE_URL = url;
  process.env.ARBOR_WORKSPACE = workspace;
  process.env.ARBOR_DATA_DIR = path.join(tmp, "data");

  // Imported only now: server/db reads DATABASE_URL when it is first loaded.
  const { runRunnerChaos } = await import("@/test/integration/runner-kill/support/runner-chaos");
  const { makeIssue } = await import("@/test/support/factories");
  const { prisma } = await import("@/server/db");
  const { releaseWorkerUtils } = await import("@/server/queue/worker-utils");
  const concurrency = Number(values.concurrency);
  const options = { kills: Number(values.kills), concurrency, sweepEvery: 5, maxKillDelayMs: Number(values["max-delay-ms"]) };
  try {
    const report = await runRunnerChaos({
      ...options,
      runnerId: "soak-runner",
      databaseUrl: url,
      issueId: (await makeIssue({ title: "Crash soak" })).id,
      seed: values.seed === undefined ? undefined : Number(values.seed),
      // CLAUDE_CONFIG_DIR: the stand-in CLI keeps its transcripts there, not in ~/.claude.
      env: { ARBOR_WORKSPACE: workspace, ARBOR_DATA_DIR: path.join(tmp, "data"), CLAUDE_CONFIG_DIR: path.join(tmp, "claude-config") },
      log: (line) => console.log(`[crash-soak] ${line}`),
    });
    const result: SoakResult = {
      ...report,
      ...options,
      date: new Date().toISOString().slice(0, 10),
      loadAverage: loadAverage(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}`,
    };
    console.log(`[crash-soak] ${JSON.stringify({ ...result, stuck: result.stuck.length, lost: result.lost.length, orphans: result.orphans.length })}`);
    writeResult("runner-crash-soak", result);
    writeDocSection("crash-soak", render(result), { file: DOC });
    const clean = result.stuck.length + result.lost.length + result.orphans.length + result.staleLocks + result.jobsLeft === 0;
    process.exitCode = clean ? 0 : 1;
  } finally {
    await releaseWorkerUtils();
    await prisma.$disconnect();
    await rm(tmp, { recursive: true, force: true });
  }
}

export function render(r: SoakResult): string {
  const n = (x: number) => x.toLocaleString("en-US");
  return [
    "## Runner crash soak",
    "",
    `A runner process SIGKILLed **${n(r.kills)} times** at random moments (0–${n(r.maxKillDelayMs)} ms after all ${r.concurrency} of its slots were busy, with more work queued behind them), ` +
      `every ${r.sweepEvery}th death found by another runner's heartbeat sweep instead of by its restart (${n(r.sweeps)} sweeps), measured by \`bench/runner-crash-soak.ts\` ` +
      `(\`npx tsx --conditions=react-server bench/runner-crash-soak.ts --kills ${r.kills}\`, seed ${r.seed}) on ${r.date}, ${r.machine}, load average ${r.loadAverage} at the end, ${(r.durationMs / 1000).toFixed(0)} s in all.`,
    `The work: plain-command agents (\`sh -c 'sleep …'\`, some long enough to outlive their runner) and a stand-in of the Claude CLI (bench/agents/fake-claude.mjs) that speaks its stream-json and sessions; new runs, and Continues of a session's latest turn (${n(r.continuesBehindRunning)} of the ${n(r.continues)} sent while that turn still ran, so they waited in the session's queue).`,
    "",
    "| executions | completed | interrupted (session kept) | Continues | **stuck** | **lost** | **agents left running** | **locks of dead processes left** | jobs left |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${n(r.executions)} | ${n(r.completed)} | ${n(r.interrupted)} | ${n(r.continues)} | **${r.stuck.length}** | **${r.lost.length}** | **${r.orphans.length}** | **${r.staleLocks}** | ${r.jobsLeft} |`,
    "",
    "Stuck: still queued or running after the last restart had time to run everything. Lost: ended failed or cancelled. Locks are counted in graphile-worker's own tables right after each recovery.",
  ].join("\n");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
