import { sleep, startRunnerProcess, type RunnerProcess } from "@/bench/lib/runner-process";
import { print, TERMINAL, type Probe } from "@/bench/session-id-latency/probe";
import type { FloodScenario } from "@/bench/session-id-latency/results";
import { cancelExecution } from "@/server/executions/cancel-execution";
import { prisma } from "@/server/db";

// The idle measurement of bench/session-id-latency.ts again, while a
// `command` agent floods lines: on the same runner (`floodRunnerId` null), or
// on another runner process. `live.runner` is the measured runner, replaced
// here when the flood needs a runner of its own (the caller stops whichever
// is live at the end). Imported dynamically, after DATABASE_URL names
// arbor_bench (server/db reads it when first loaded).

export async function measureUnderFlood(
  probe: Probe,
  live: { runner: RunnerProcess | null },
  options: { name: string; floodRunnerId: string | null; runs: number; url: string; runnerEnv: Record<string, string> },
): Promise<FloodScenario> {
  const { name, floodRunnerId } = options;
  // 3,000,000 lines of 100 bytes (300 MB): more than the measurement needs; cancelled after it.
  let floodRunner: RunnerProcess | null = null;
  if (floodRunnerId) {
    // Concurrency 1: once busy with the flood it takes no other job, so the measured runs go to the other runner.
    await live.runner?.stop();
    live.runner = null;
    floodRunner = await startRunnerProcess({ databaseUrl: options.url, runnerId: floodRunnerId, env: { ...options.runnerEnv, ARBOR_RUNNER_CONCURRENCY: "1" } });
  }
  try {
    const floodExecution = await probe.create("command", JSON.stringify({ lines: 3_000_000, lineBytes: 100 }));
    // Let the flood get going.
    const floodStart = Date.now();
    for (;;) {
      const row = await prisma.execution.findUniqueOrThrow({ where: { id: floodExecution.id } });
      if (row.eventCount > 20_000) break;
      if (TERMINAL.has(row.status) || Date.now() - floodStart > 30_000) throw new Error(`flood did not start: ${row.status} ${row.errorMessage}`);
      await sleep(50);
    }
    if (floodRunnerId) live.runner = await startRunnerProcess({ databaseUrl: options.url, runnerId: "bench-latency", env: options.runnerEnv });
    const countBefore = (await prisma.execution.findUniqueOrThrow({ where: { id: floodExecution.id } })).eventCount;
    const t0 = Date.now();
    const scenario = await probe.measure(name, options.runs, floodRunnerId ? 2 : 0);
    const floodRow = await prisma.execution.findUniqueOrThrow({ where: { id: floodExecution.id } });
    if (floodRunnerId && floodRow.runnerId !== floodRunnerId) throw new Error(`the flood ran on ${floodRow.runnerId}, not ${floodRunnerId}`);
    const stillRunning = floodRow.status === "running";
    const floodRate = stillRunning ? ((floodRow.eventCount - countBefore) * 1000) / (Date.now() - t0) : null;
    // Stop the flood the way the Cancel endpoint does.
    const cancelAt = Date.now();
    await cancelExecution(floodExecution.id);
    let cancelSeconds: number | null = null;
    try {
      await probe.waitTerminal(floodExecution.id, 300_000);
      cancelSeconds = (Date.now() - cancelAt) / 1000;
      console.log(`  cancelling the flood took ${cancelSeconds.toFixed(1)} s (until its execution left "running")`);
    } catch {
      console.log("  the cancelled flood was still running after 300 s");
    }
    if (!stillRunning) console.log("  (warning: the flood finished before the measurement did; later runs were not under load)");
    const out = { ...scenario, floodLinesPerSecond: floodRate, cancelSeconds };
    print(out);
    return out;
  } finally {
    await floodRunner?.stop();
  }
}
