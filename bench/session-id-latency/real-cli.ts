import path from "node:path";
import { startRunnerProcess, type RunnerProcess } from "@/bench/lib/runner-process";
import { fmtMs, loadAverage, monoNowMs, summarize } from "@/bench/lib/stats";
import type { Probe } from "@/bench/session-id-latency/probe";
import type { RealCliResult } from "@/bench/session-id-latency/results";

// Context for bench/session-id-latency.ts: the real Claude Code CLI against
// the Messages-API stand-in, timed from process spawn (a wrapper,
// bench/agents/claude-spawn-stamp.sh, stamps the time, then execs the CLI) to
// GET returning the id, so it includes the CLI's own start-up. `live.runner`
// is the runner started here (the caller stops it if this throws).

export async function measureRealCli(
  probe: Probe,
  live: { runner: RunnerProcess | null },
  options: { runs: number; url: string; tmp: string; stamps: string; workspace: string },
): Promise<RealCliResult> {
  const { startMessagesApi, claudeTestEnv } = await import("@/test/support/messages-api");
  const api = await startMessagesApi();
  try {
    live.runner = await startRunnerProcess({
      databaseUrl: options.url,
      runnerId: "bench-latency-real",
      env: {
        ...claudeTestEnv(api, path.join(options.tmp, "claude-config")),
        CLAUDE_BIN: path.join(process.cwd(), "bench", "agents", "claude-spawn-stamp.sh"),
        BENCH_REAL_CLAUDE: process.env.CLAUDE_BIN ?? path.join(process.cwd(), "node_modules", ".bin", "claude"),
        BENCH_STAMP_DIR: options.stamps,
        ARBOR_WORKSPACE: options.workspace,
      },
    });
    const load = loadAverage();
    const spawnToVisible: number[] = [];
    const postToVisible: number[] = [];
    for (let i = 0; i < options.runs + 1; i++) {
      const posted = await probe.create("claude", `benchmark run ${i}: say hi`);
      const postedAt = monoNowMs();
      const seen = await probe.pollForSession(posted.id, 60_000);
      const row = await probe.waitTerminal(posted.id);
      if (row.status !== "completed") throw new Error(`real CLI run ended ${row.status}: ${row.errorMessage}`);
      const spawnedWall = Number(BigInt(await probe.readStamp(path.join(options.stamps, `${row.sessionId}.spawn`)))) / 1e6;
      if (i === 0) continue; // warm-up: first run also pays the CLI probe and cold caches
      spawnToVisible.push(seen.seenWall - spawnedWall);
      postToVisible.push(seen.seenAt - postedAt);
    }
    const result: RealCliResult = {
      spawnToVisible: summarize(spawnToVisible),
      postToVisible: summarize(postToVisible),
      samples: spawnToVisible,
      loadAverage: load,
    };
    console.log(
      `  spawn → visible: p50 ${fmtMs(result.spawnToVisible.p50)} ms, p95 ${fmtMs(result.spawnToVisible.p95)} ms, p99 ${fmtMs(result.spawnToVisible.p99)} ms, max ${fmtMs(result.spawnToVisible.max)} ms`,
    );
    return result;
  } finally {
    await live.runner?.stop();
    live.runner = null;
    await api.close();
  }
}
