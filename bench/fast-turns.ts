// Fast turns (issue 14): what Arbor adds to a turn over the agent CLI itself,
// and what running Arbor costs.
//
//   npx tsx --conditions=react-server bench/fast-turns.ts [--runs 20] [--warmup 2] [--label after]
//        [--skip-footprint] [--skip-warm] [--skip-cold] [--starts 3] [--cap-soak 100] [--cap 3] [--pause 0]
//   npx tsx --conditions=react-server bench/fast-turns.ts --render-only   # the section again from bench/results/
//
// Arbor runs exactly as a person runs it, `npm start` (web app, one runner,
// the embedded PostgreSQL, the npm launcher), in a temporary data directory,
// with the real Claude Code CLI (node_modules/.bin/claude) against the
// Messages-API stand-in (test/support/messages-api.ts) in this process,
// which stamps when each model request arrives (CLOCK_MONOTONIC). A client
// here keeps the status stream open (`/api/executions/stream`, what every
// open page of Arbor keeps) and stamps when it first carries a session id.
//
// Each round, interleaved: a new run through `POST /api/executions`; the same
// CLI spawned bare with the argv Arbor launched it with (session id and
// prompt swapped); a Continue of the new run through its API; the same CLI
// spawned bare with that launch's argv resuming the bare session. So
// "overhead over a bare spawn" is Arbor's request → model request minus the
// bare spawn → model request of the same round. The first rounds are
// warm-up (first start of Next's route handlers, the CLI probe, page cache).
//
// Phases: cold (warm sessions off: every turn spawns the CLI, today's path),
// then warm (warm sessions on: a Continue of the head goes to the live
// process). Footprint: PSS of the whole tree, idle, and warm start (a start
// with the web app already built and the database initialised) → /api/health 200.
// Cap soak (--cap-soak N, with the warm phase): N sessions continued in a row
// with ARBOR_WARM_MAX=--cap, the tree's agent processes sampled meanwhile.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { idlePss, startArborTree, type ArborTree } from "@/bench/lib/arbor-tree";
import { capSoak } from "@/bench/lib/cap-soak";
import { postJson, runPhase } from "@/bench/lib/fast-turns-phase";
import { renderFastTurns, type FastTurnsResult } from "@/bench/lib/fast-turns-report";
import { summarize, writeResult, readResult } from "@/bench/lib/stats";
import { watchStatuses } from "@/bench/lib/status-watch";
import { freePort } from "@/test/support/app-server";
import { claudeTestEnv, startMessagesApi } from "@/test/support/messages-api";

type Args = {
  runs: number;
  warmup: number;
  label: string;
  skipFootprint: boolean;
  skipWarm: boolean;
  skipCold: boolean;
  starts: number;
  capSoak: number;
  cap: number;
  pause: number;
};

function parseArgs(argv: string[]): Args {
  const value = (name: string, fallback: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : fallback;
  };
  return {
    runs: Number(value("--runs", "20")),
    warmup: Number(value("--warmup", "2")),
    label: value("--label", "after"),
    skipFootprint: argv.includes("--skip-footprint"),
    skipWarm: argv.includes("--skip-warm"),
    skipCold: argv.includes("--skip-cold"),
    starts: Number(value("--starts", "3")),
    capSoak: Number(value("--cap-soak", "0")),
    cap: Number(value("--cap", "3")),
    pause: Number(value("--pause", "0")),
  };
}

const CLAUDE = process.env.CLAUDE_BIN ?? path.join(process.cwd(), "node_modules", ".bin", "claude");

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (process.argv.includes("--render-only")) {
    console.log(
      `wrote ${renderFastTurns(readResult<FastTurnsResult>("fast-turns-before"), readResult<FastTurnsResult>("fast-turns-after"), readResult<FastTurnsResult>("fast-turns-previous"))}`,
    );
    return;
  }
  const tmp = await mkdtemp(path.join(os.tmpdir(), "arbor-bench-turns-"));
  const workspace = path.join(tmp, "workspace");
  await mkdir(workspace, { recursive: true });
  const api = await startMessagesApi();
  const port = await freePort();
  const dbPort = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ...claudeTestEnv(api, path.join(tmp, "claude-config")) };
  delete env.ANTHROPIC_AUTH_TOKEN;
  delete env.DATABASE_URL; // the embedded database, as `npm start` on a fresh machine
  Object.assign(env, {
    ARBOR_DATA_DIR: path.join(tmp, "data"),
    ARBOR_WORKSPACE: workspace,
    PORT: String(port),
    ARBOR_DB_PORT: String(dbPort),
    CLAUDE_BIN: CLAUDE,
  });
  const treeEnv = (warm: boolean): NodeJS.ProcessEnv => ({ ...env, ARBOR_WARM_SESSIONS: warm ? "1" : "0" });
  const result: FastTurnsResult = {
    label: args.label,
    date: new Date().toISOString(),
    commit: gitHead(),
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}`,
    node: process.version,
    footprint: null,
    phases: [],
    ...(args.pause > 0 ? { pauseMs: args.pause } : {}),
  };
  let tree: ArborTree | null = null;
  try {
    // First start: builds the web app when needed and initialises the database; not a warm start.
    console.log("fast turns: first start of `npm start` (may build the web app and initialise the database)");
    tree = await startArborTree({ port, env: treeEnv(false) });
    console.log(`  first start → health 200 in ${tree.startMs.toFixed(0)} ms`);
    if (!args.skipFootprint) {
      const idle = await idlePss(tree, 10_000);
      console.log(`  idle PSS of the tree after start: ${idle.totalMiB.toFixed(0)} MiB`);
      const starts: number[] = [];
      for (let k = 0; k < args.starts; k++) {
        await tree.stop();
        tree = await startArborTree({ port, env: treeEnv(false) });
        starts.push(tree.startMs);
        console.log(`  warm start ${k + 1}: ${tree.startMs.toFixed(0)} ms`);
      }
      result.footprint = { idleAfterStart: idle, warmStartMs: summarize(starts), warmStarts: starts, idleAfterTurns: null };
    }
    if (!args.skipCold) {
      console.log(`fast turns: cold phase (warm sessions off), ${args.runs} rounds + ${args.warmup} warm-up`);
      result.phases.push(await runPhase("cold", tree, api, env, args));
    }
    if (result.footprint) {
      result.footprint.idleAfterTurns = await idlePss(tree, 10_000);
      console.log(`  idle PSS of the tree after the cold phase: ${result.footprint.idleAfterTurns.totalMiB.toFixed(0)} MiB`);
    }
    if (!args.skipWarm) {
      await tree.stop();
      tree = await startArborTree({ port, env: treeEnv(true) });
      console.log(`fast turns: warm phase (warm sessions on), ${args.runs} rounds + ${args.warmup} warm-up`);
      result.phases.push(await runPhase("warm", tree, api, env, args));
      if (args.capSoak > 0) {
        await tree.stop();
        tree = await startArborTree({ port, env: { ...treeEnv(true), ARBOR_WARM_MAX: String(args.cap) } });
        console.log(`fast turns: cap soak, ${args.capSoak} sessions continued in a row, ARBOR_WARM_MAX=${args.cap}`);
        const watch = await watchStatuses(tree.url);
        try {
          const issue = (await postJson(`${tree.url}/api/issues`, { title: "Benchmark: warm cap soak" })).body;
          result.capSoak = await capSoak(tree, watch, { sessions: args.capSoak, cap: args.cap, issueId: String(issue.id) });
          console.log(`  at most ${result.capSoak.maxWarm} warm sessions and ${result.capSoak.maxAgentProcesses} agent processes (cap ${args.cap})`);
        } finally {
          await watch.close();
        }
      }
    }
  } catch (error) {
    if (tree) console.error(`npm start output:\n${tree.output()}`);
    throw error;
  } finally {
    await tree?.stop();
    await api.close();
    await rm(tmp, { recursive: true, force: true });
  }
  writeResult(`fast-turns-${args.label}`, result);
  // Only the before/after pair is the documented comparison; other labels (probes) stay in bench/results/.
  if (args.label !== "before" && args.label !== "after") return;
  const before = args.label === "before" ? result : readResult<FastTurnsResult>("fast-turns-before");
  const after = args.label === "before" ? readResult<FastTurnsResult>("fast-turns-after") : result;
  console.log(`wrote ${renderFastTurns(before, after, readResult<FastTurnsResult>("fast-turns-previous"))}`);
}

function gitHead(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "?";
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
