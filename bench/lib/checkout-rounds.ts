import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAverage } from "@/bench/lib/stats";
import { LEAN_HEAP, SERVER_NODE_ARGS } from "@/scripts/lib/server-node-args";

// Benchmarks that compare two checkouts of Arbor in turns (bench/tree-summary.ts,
// bench/new-run-record.ts): each round runs a small measured program in a Node
// process of its own, inside each checkout, with the web server's flags and
// preload (LEAN_HEAP). The program is written into the checkout for the round,
// so the checkout before the change needs nothing of the benchmark itself.

/** The value after `name` on the command line, or `fallback`. */
export function argValue(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

export type Checkout = { label: string; root: string };

/** `--interleave <checkout>` (labelled `--before-label`, default "before"), then this one (`--label`, default "after"). */
export function checkoutsToCompare(): Checkout[] {
  const other = argValue("--interleave", "");
  return [
    ...(other ? [{ label: argValue("--before-label", "before"), root: path.resolve(other) }] : []),
    { label: argValue("--label", "after"), root: process.cwd() },
  ];
}

/** Runs `source` (TypeScript importing the checkout's own modules) in `root`; its stdout, parsed as JSON. */
export function runInCheckout<T>(root: string, name: string, source: string, args: string[], env: Record<string, string>): T {
  const file = path.join(root, "bench", `.${name}-child-${process.pid}.ts`);
  writeFileSync(file, source);
  try {
    const run = spawnSync(process.execPath, [...SERVER_NODE_ARGS, "--require", path.resolve(LEAN_HEAP), "--import", "tsx", file, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: "utf8",
    });
    if (run.status !== 0) throw new Error(`${name} failed in ${root}: ${run.stderr.slice(-2_000)}`);
    return JSON.parse(run.stdout) as T;
  } finally {
    rmSync(file, { force: true });
  }
}

/** A comparison's record: the machine, its load over the rounds, and a column per checkout. */
export type RoundsResult<C> = { date: string; cpus: string; node: string; load: { first: number; last: number }; interleaved: boolean; columns: C[] };

/** The record of rounds that began at load average `firstLoad` (the load now ends it). */
export function roundsResult<C>(columns: C[], firstLoad: number): RoundsResult<C> {
  return {
    date: new Date().toISOString(),
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}`,
    node: process.version,
    load: { first: firstLoad, last: loadAverage() },
    interleaved: columns.length > 1,
    columns,
  };
}
