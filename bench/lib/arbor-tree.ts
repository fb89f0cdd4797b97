import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { MB, monoNowMs } from "@/bench/lib/stats";
import { sleep } from "@/bench/lib/runner-process";

// Runs Arbor exactly as a person does, `npm start` (web app, one runner, the
// embedded PostgreSQL, the npm launcher), in a data directory of its own, and
// reads what that whole process tree costs: its memory (PSS, so pages shared
// between the processes count once) and how long a start takes until
// /api/health answers 200.

export type ArborTree = {
  url: string;
  /** The `npm` process: the root of the tree. */
  pid: number;
  /** Spawn of `npm start` → /api/health 200 (ms). */
  startMs: number;
  output: () => string;
  stop: () => Promise<void>;
};

export async function startArborTree(options: { port: number; env: NodeJS.ProcessEnv; readyTimeoutMs?: number }): Promise<ArborTree> {
  const url = `http://127.0.0.1:${options.port}`;
  const spawnedAt = monoNowMs();
  // Its own process group, so stop() can reach whatever is left of the tree.
  const child: ChildProcess = spawn("npm", ["start"], { cwd: process.cwd(), env: options.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-30_000);
  };
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // What Ctrl-C in a terminal does: SIGINT to the whole foreground group. (npm alone would
      // exit at once and leave the tree running.) The start script stops the web app, the
      // runner and then the database cleanly.
      signalGroup(child.pid!, "SIGINT");
    }
    const timer = setTimeout(() => signalGroup(child.pid!, "SIGKILL"), 60_000);
    await exited;
    // The start script exits only once the database has stopped; wait until nothing of the group is left.
    const deadline = Date.now() + 60_000;
    while (groupAlive(child.pid!) && Date.now() < deadline) await sleep(50);
    clearTimeout(timer);
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 600_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited before it was ready:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm start not healthy after ${options.readyTimeoutMs ?? 600_000} ms:\n${output}`);
    }
    await sleep(10);
  }
  return { url, pid: child.pid!, startMs: monoNowMs() - spawnedAt, output: () => output, stop };
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // gone
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** PSS of the tree once it has been idle for `settleMs`: the median of a few samples. */
export async function idlePss(tree: ArborTree, settleMs: number) {
  await sleep(settleMs);
  const samples = [];
  for (let k = 0; k < 3; k++) {
    samples.push(processTree(tree.pid));
    await sleep(1_000);
  }
  const totals = samples.map((s) => s.reduce((sum, p) => sum + p.pssBytes, 0));
  const median = [...totals].sort((a, b) => a - b)[1];
  const chosen = samples[totals.indexOf(median)];
  const byPart = new Map<string, { pss: number; count: number }>();
  for (const p of chosen) {
    const part = byPart.get(p.name) ?? { pss: 0, count: 0 };
    part.pss += p.pssBytes;
    part.count += 1;
    byPart.set(p.name, part);
  }
  return {
    totalMiB: median / MB,
    parts: [...byPart].map(([name, v]) => ({ name, processes: v.count, pssMiB: v.pss / MB })).sort((a, b) => b.pssMiB - a.pssMiB),
    processes: chosen.map((p) => ({ pid: p.pid, name: p.name, command: p.command, pssMiB: p.pssBytes / MB })),
  };
}

export type TreeProcess = { pid: number; name: string; command: string; pssBytes: number };

/** `rootPid` and every process descended from it, with each one's parent. */
function descendants(rootPid: number): { inTree: Set<number>; parents: Map<number, number> } {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // exited meanwhile
    }
  }
  const inTree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  return { inTree, parents };
}

/**
 * CPU seconds the tree has used so far, its exited processes included: each
 * live process's own user and system time plus that of the children it has
 * waited for (/proc/<pid>/stat fields 14–17), as Node does for every child
 * it spawned (the agents' version probes, say).
 */
export function treeCpuSeconds(rootPid: number): number {
  let ticks = 0;
  for (const pid of descendants(rootPid).inTree) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // fields[0] is field 3 (state)
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // exited meanwhile (and counted by its parent)
    }
  }
  return ticks / CLOCK_TICKS;
}

/** Linux's USER_HZ: /proc counts CPU time in these. */
const CLOCK_TICKS = 100;

/** Every process descended from `rootPid` (itself included), with its PSS from /proc/<pid>/smaps_rollup. */
export function processTree(rootPid: number): TreeProcess[] {
  const { inTree, parents } = descendants(rootPid);
  const commands = new Map<number, string>();
  for (const pid of inTree) {
    try {
      commands.set(pid, readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" "));
    } catch {
      // exited meanwhile
    }
  }
  // A process belongs to the part of Arbor its nearest recognisable ancestor (or itself) is:
  // tsx's relay and esbuild service count with the script they run.
  const partOf = (pid: number): string => {
    for (let at: number | undefined = pid; at !== undefined && inTree.has(at); at = parents.get(at)) {
      const role = classify(commands.get(at) ?? "");
      if (role) return role;
      if (at === rootPid) break;
    }
    return "other";
  };
  const out: TreeProcess[] = [];
  for (const pid of inTree) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
      const pss = Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
      const command = commands.get(pid) ?? "";
      out.push({ pid, name: partOf(pid), command: command.slice(0, 160), pssBytes: pss });
    } catch {
      // exited meanwhile
    }
  }
  return out.sort((a, b) => b.pssBytes - a.pssBytes);
}

/** Which part of Arbor a process is, by its command line; null: ask its parent. */
function classify(command: string): string | null {
  if (/postgres/.test(command)) return "embedded PostgreSQL";
  if (/next-server|next\/dist\/bin|\.bin\/next /.test(command)) return "web (next start)";
  if (/runner(\.ts|\.js|\.mjs|\.cjs)/.test(command)) return "runner";
  if (/scripts\/start|start\.(mjs|cjs|js)/.test(command)) return "start script";
  if (/(^|[/ ])npm( |$)|npm-cli/.test(command)) return "npm launcher";
  return null;
}
