import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { nodeTsxArgs } from "@/scripts/lib/server-node-args";

// Starts `scripts/runner.ts` as a process of its own, exactly as `npm run
// runner` would (node + tsx, with the server Node flags), so its memory
// can be read on its own from /proc and the benchmark's own work (polling,
// counting) never shares its event loop. node is started directly with tsx's
// loader rather than through the tsx CLI, so the pid is the runner itself
// (the tsx CLI would put a relay process in between).

export type RunnerProcess = {
  pid: number;
  runnerId: string;
  /** Everything it printed, for diagnosis. */
  output: () => string;
  /** Resolves when the process has exited (however it ended). */
  exited: Promise<void>;
  stop: () => Promise<void>;
};

export async function startRunnerProcess(options: {
  databaseUrl: string;
  runnerId: string;
  env: Record<string, string | undefined>;
  readyTimeoutMs?: number;
}): Promise<RunnerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: options.databaseUrl, ARBOR_RUNNER_ID: options.runnerId };
  // For profiling the runner alone, e.g. BENCH_RUNNER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_RUNNER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  for (const [key, value] of Object.entries(options.env)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...nodeTsxArgs(path.join("scripts", "runner.ts"))], {
    // BENCH_RUNNER_CWD: run the runner from another copy of the tree (A/B comparisons of runner changes).
    cwd: process.env.BENCH_RUNNER_CWD || process.cwd(),
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (!output.includes(`runner ${options.runnerId} ready`)) {
    if (child.exitCode !== null) throw new Error(`runner exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`runner not ready after ${options.readyTimeoutMs ?? 60_000} ms:\n${output}`);
    }
    await sleep(20);
  }
  return {
    pid: child.pid!,
    runnerId: options.runnerId,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resident set size of a process in bytes (VmRSS), or null once it is gone. */
export function readRss(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Cumulative CPU time (user + system) of a process in ms, from /proc/<pid>/stat. */
export function readCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[11] = utime, fields[12] = stime (fields 14 and 15 of stat(5)), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

export type RssSample = { t: number; rss: number };

/** Samples VmRSS every intervalMs until stopped. */
export function sampleRss(pid: number, intervalMs = 100): { samples: RssSample[]; stop: () => RssSample[] } {
  const samples: RssSample[] = [];
  const take = () => {
    const rss = readRss(pid);
    if (rss !== null) samples.push({ t: Date.now(), rss });
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    samples,
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
