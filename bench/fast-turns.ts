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
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startArborTree, processTree, type ArborTree } from "@/bench/lib/arbor-tree";
import { capSoak } from "@/bench/lib/cap-soak";
import { spawnBare, spawnBareWarm, type BareLaunch } from "@/bench/lib/bare-spawn";
import { sleep } from "@/bench/lib/runner-process";
import { loadAverage, monoNowMs, MB, summarize, writeResult, readResult, type Summary } from "@/bench/lib/stats";
import { watchStatuses, type StatusWatch } from "@/bench/lib/status-watch";
import { renderFastTurns, type FastTurnsResult, type PhaseResult, type RoundSample } from "@/bench/lib/fast-turns-report";
import { freePort } from "@/test/support/app-server";
import { claudeTestEnv, startMessagesApi, type MessagesApi } from "@/test/support/messages-api";
import { turnText } from "@/test/support/turn-script";

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

/** The first model request whose turn carries `token`, once it arrived. */
async function modelRequest(api: MessagesApi, token: string, timeoutMs = 60_000): Promise<{ arrivedAt: number; sessionId: string | undefined }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = api.requests.find((r) => turnText(r).includes(token));
    if (found) return { arrivedAt: found.arrivedAt, sessionId: found.sessionId };
    if (Date.now() > deadline) throw new Error(`no model request for ${token}`);
    await sleep(1);
  }
}

async function postJson(url: string, body: unknown): Promise<{ at: number; returnedAt: number; body: Record<string, unknown> }> {
  const at = monoNowMs();
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const returnedAt = monoNowMs();
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 201) throw new Error(`POST ${url} → ${response.status} ${JSON.stringify(json)}`);
  return { at, returnedAt, body: json };
}

async function launchOf(url: string, id: string): Promise<BareLaunch> {
  const response = await fetch(`${url}/api/executions/${id}/events?raw=true&limit=50`, { headers: { accept: "application/json" } });
  const { events } = (await response.json()) as { events: { stream: string; kind: string; payload: { argv: string[]; cwd: string } }[] };
  const launch = events.find((e) => e.stream === "arbor" && e.kind === "launch");
  if (!launch) throw new Error(`execution ${id} has no launch event`);
  return { argv: launch.payload.argv, cwd: launch.payload.cwd };
}

/** The DTO's launch (absent before issue 14's changes). */
function launchOf_(dto: Record<string, unknown>): { kind?: string; pid?: number | null } {
  return (dto.launch as { kind?: string; pid?: number | null } | null) ?? {};
}

/** A new launch's argv turned into one that resumes `sessionId` (how Arbor's own Continue argv looks). */
function resumeOf(launch: BareLaunch): BareLaunch {
  const argv = [...launch.argv];
  const i = argv.indexOf("--session-id");
  if (i >= 0) argv[i] = "--resume";
  return { ...launch, argv };
}

/** CLOCK_MONOTONIC ms → epoch ms, to set the client's stamps against the epoch stamps Arbor stores (same machine, same clock). */
function epoch(mono: number): number {
  return mono + (performance.timeOrigin + performance.now() - monoNowMs());
}

/**
 * --pause N: wait N ms before each timed request or spawn (default 0: each
 * arm starts as the one before it ends, as the results in docs/performance.md
 * were taken). With a pause the previous arm's tail (Arbor's bookkeeping after
 * a turn, a bare CLI saving its transcript) cannot overlap the next arm, but
 * an idle machine's cores also go cold meanwhile, and a live CLI answers its
 * next message markedly slower (see the closing notes of issue 14).
 */
let pauseMs = 0;
const quiet = () => (pauseMs > 0 ? sleep(pauseMs) : Promise.resolve());

async function runPhase(name: string, tree: ArborTree, api: MessagesApi, env: NodeJS.ProcessEnv, args: Args): Promise<PhaseResult> {
  const watch: StatusWatch = await watchStatuses(tree.url);
  const load = loadAverage();
  const rounds: RoundSample[] = [];
  try {
    const issue = (await postJson(`${tree.url}/api/issues`, { title: `Benchmark: fast turns (${name})` })).body;
    for (let i = 0; i < args.warmup + args.runs; i++) {
      const token = `${name}-${i}-${randomUUID().slice(0, 8)}`;
      // Arbor: new run.
      await quiet();
      const created = await postJson(`${tree.url}/api/executions`, { issueId: issue.id, prompt: `new run ${token}` });
      const newId = String(created.body.id);
      const newModel = await modelRequest(api, `new run ${token}`);
      const newSeen = await watch.sessionSeen(newId);
      const newEnd = await watch.ended(newId);
      if (newEnd.status !== "completed") throw new Error(`new run ${newId} ended ${newEnd.status}: ${JSON.stringify(newEnd.error)}`);
      // Bare: the same argv, a new session.
      const launch = await launchOf(tree.url, newId);
      const bareSession = randomUUID();
      // Warm phase: the bare CLI stays alive for a second message, as Arbor's warm process does.
      await quiet();
      const bareWarm = name === "warm" ? spawnBareWarm(launch, { sessionId: bareSession, prompt: `bare new ${token}` }, env) : null;
      const bareNew = bareWarm ?? spawnBare(launch, { sessionId: bareSession, prompt: `bare new ${token}` }, env);
      const bareNewModel = await modelRequest(api, `bare new ${token}`);
      await (bareWarm ? bareWarm.turnEnded() : (bareNew as ReturnType<typeof spawnBare>).exited);
      // Arbor: Continue of the new run (on a warm process when warm sessions are on).
      await quiet();
      const continued = await postJson(`${tree.url}/api/executions/${newId}/continue`, { prompt: `continue ${token}` });
      const contId = String(continued.body.id);
      const contModel = await modelRequest(api, `continue ${token}`);
      const contSeen = await watch.sessionSeen(contId);
      const contEnd = await watch.ended(contId);
      if (contEnd.status !== "completed") throw new Error(`continue ${contId} ended ${contEnd.status}: ${JSON.stringify(contEnd.error)}`);
      // Bare: resume the bare session with the argv of a spawned Continue; in the warm phase, also its live process's next message.
      let bareWarmWriteToModel: number | undefined;
      if (bareWarm) {
        await quiet();
        const writtenAt = bareWarm.send(`bare warm ${token}`);
        bareWarmWriteToModel = (await modelRequest(api, `bare warm ${token}`)).arrivedAt - writtenAt;
        await bareWarm.turnEnded();
        await bareWarm.close();
      }
      await quiet();
      const bareCont = spawnBare(resumeOf(launch), { resume: bareSession, prompt: `bare continue ${token}` }, env);
      const bareContModel = await modelRequest(api, `bare continue ${token}`);
      await bareCont.exited;
      const sample: RoundSample = {
        newRequestToModel: newModel.arrivedAt - created.at,
        newRequestToSession: newSeen.at - created.at,
        newPostMs: created.returnedAt - created.at,
        bareNewSpawnToModel: bareNewModel.arrivedAt - bareNew.spawnedAt,
        contRequestToModel: contModel.arrivedAt - continued.at,
        contRequestToSession: contSeen.at - continued.at,
        contPostMs: continued.returnedAt - continued.at,
        bareContSpawnToModel: bareContModel.arrivedAt - bareCont.spawnedAt,
        bareWarmWriteToModel,
        contWarm: launchOf_(contEnd).kind === "warm",
        contSamePid: typeof launchOf_(contEnd).pid === "number" && launchOf_(contEnd).pid === launchOf_(newEnd).pid,
        newTimings: (newEnd.timings as Record<string, number | null> | undefined) ?? null,
        contTimings: (contEnd.timings as Record<string, number | null> | undefined) ?? null,
        newModelEpoch: epoch(newModel.arrivedAt),
        contModelEpoch: epoch(contModel.arrivedAt),
        newSessionSeenEpoch: epoch(newSeen.at),
        contSessionSeenEpoch: epoch(contSeen.at),
        warmup: i < args.warmup,
      };
      rounds.push(sample);
      const f = (n: number) => n.toFixed(0);
      console.log(
        `  ${name} ${i + 1}/${args.warmup + args.runs}${sample.warmup ? " (warm-up)" : ""}: new → model ${f(sample.newRequestToModel)} ms (bare ${f(sample.bareNewSpawnToModel)}), → session ${f(sample.newRequestToSession)}; continue → model ${f(sample.contRequestToModel)} ms (bare ${f(sample.bareContSpawnToModel)}${bareWarmWriteToModel === undefined ? "" : `, bare live ${f(bareWarmWriteToModel)}`})${sample.contWarm ? " warm" : ""}${sample.contSamePid ? " same pid" : ""}`,
      );
    }
  } finally {
    await watch.close();
  }
  const measured = rounds.filter((r) => !r.warmup);
  const pick = (f: (r: RoundSample) => number): Summary => summarize(measured.map(f));
  return {
    name,
    loadAverage: load,
    loadAverageAfter: loadAverage(),
    newRequestToModel: pick((r) => r.newRequestToModel),
    newRequestToSession: pick((r) => r.newRequestToSession),
    bareNewSpawnToModel: pick((r) => r.bareNewSpawnToModel),
    newOverhead: pick((r) => r.newRequestToModel - r.bareNewSpawnToModel),
    contRequestToModel: pick((r) => r.contRequestToModel),
    contRequestToSession: pick((r) => r.contRequestToSession),
    bareContSpawnToModel: pick((r) => r.bareContSpawnToModel),
    contOverhead: pick((r) => r.contRequestToModel - r.bareContSpawnToModel),
    ...(name === "warm"
      ? {
          bareWarmWriteToModel: pick((r) => r.bareWarmWriteToModel ?? Number.NaN),
          warmOverhead: pick((r) => r.contRequestToModel - (r.bareWarmWriteToModel ?? Number.NaN)),
        }
      : {}),
    postMs: pick((r) => r.newPostMs),
    warmContinues: measured.filter((r) => r.contWarm).length,
    samePidContinues: measured.filter((r) => r.contSamePid).length,
    rounds,
  };
}

/** PSS of the tree once it has been idle for `settleMs`: the median of a few samples. */
async function idlePss(tree: ArborTree, settleMs: number) {
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

async function main() {
  const args = parseArgs(process.argv.slice(2));
  pauseMs = args.pause;
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
