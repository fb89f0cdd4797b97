// Pre-started agents (issue 28): a new run of a git project through Arbor's
// API, with and without a pre-started agent, beside the same CLI bare.
//
//   npx tsx --conditions=react-server bench/prestart.ts [--runs 20] [--warmup 2]
//   npx tsx --conditions=react-server bench/prestart.ts --render-only   # the section again from bench/results/
//
// Arbor runs as `npm start` (web app, one runner, embedded PostgreSQL) in a
// temporary data directory, with the real Claude Code CLI against the
// Messages-API stand-in in this process, which stamps each model request. A
// client keeps the status stream open, as every open page does. Two phases
// (ARBOR_PRESTART=1, then 0), rounds of: wait until the pool has its process
// (the same pause in both phases), a new run (request → model request,
// request → session id on the status stream), the same CLI spawned bare with
// the argv Arbor launched (spawn → model request), and in the first phase the
// same CLI spawned bare and left waiting, then given the message (message →
// model request: what a pre-started process can do at best), as spawned, sent
// the warm-up request alone, and sent that and the priming message (what Arbor
// sends its pre-started agents), in turns. The
// pre-started runs' hops come from the timings each execution stores.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startArborTree, type ArborTree } from "@/bench/lib/arbor-tree";
import { spawnBare, spawnBareWarm } from "@/bench/lib/bare-spawn";
import { numberOption } from "@/bench/lib/claude-project-bench";
import { writeDocSection } from "@/bench/lib/doc-section";
import { launchOf, postJson } from "@/bench/lib/fast-turns-phase";
import { sleep } from "@/bench/lib/runner-process";
import { loadAverage, monoNowMs, readResult, summarize, writeResult, type Summary } from "@/bench/lib/stats";
import { watchStatuses } from "@/bench/lib/status-watch";
import { nowMs, parseTimings } from "@/lib/executions/timings";
import { freePort } from "@/test/support/app-server";
import { claudeTestEnv, startMessagesApi, type MessagesApi } from "@/test/support/messages-api";
import { turnText } from "@/test/support/turn-script";

const CLAUDE = process.env.CLAUDE_BIN ?? path.join(process.cwd(), "node_modules", ".bin", "claude");
const RUNS = numberOption("--runs", 20);
const WARMUP = numberOption("--warmup", 2);
/** Between rounds, in both phases: the pool starts its next process 1 s after a run's turn; this leaves it time to be up. */
const PAUSE_MS = numberOption("--pause", 3_000);

type Round = {
  kind: string;
  requestToModel: number;
  requestToSession: number;
  bareSpawnToModel: number;
  bareIdleToModel: number | null;
  bareRequestToModel: number | null;
  bareWarmedToModel: number | null;
  hops: Record<string, number> | null;
};

/** The launch path's hops of one run, from its stored timings (epoch ms) and the model request (this process's monotonic clock). */
async function hopsOf(url: string, id: string, modelAtMono: number): Promise<Record<string, number> | null> {
  const response = await fetch(`${url}/api/executions/${id}`, { headers: { accept: "application/json" } });
  const timings = parseTimings(((await response.json()) as { timings?: unknown }).timings);
  const t = timings ?? {};
  if (t.requestedAt === undefined || t.spawnedAt === undefined) return null;
  const modelAt = modelAtMono + (nowMs() - monoNowMs());
  const hops: Record<string, number> = {};
  const steps = ["requestedAt", "insertedAt", "pickedAt", "claimedAt", "plannedAt", "spawnedAt"] as const;
  let last: number = t.requestedAt;
  for (const step of steps.slice(1)) {
    if (t[step] === undefined) continue;
    hops[step] = t[step]! - last;
    last = t[step]!;
  }
  hops.model = modelAt - t.spawnedAt;
  return hops;
}

async function modelRequestAt(api: MessagesApi, token: string): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = api.requests.find((r) => turnText(r).includes(token));
    if (found) return found.arrivedAt;
    if (Date.now() > deadline) throw new Error(`no model request for ${token}`);
    await sleep(1);
  }
}

/** Whether the runner lists a pre-started agent waiting (GET /api/runners). */
async function poolReady(url: string): Promise<boolean> {
  const response = await fetch(`${url}/api/runners`, { headers: { accept: "application/json" } });
  const { items } = (await response.json()) as { items: { prestarted: number }[] };
  return items.some((runner) => runner.prestarted > 0);
}

async function runPhase(name: "prestarted" | "spawned", tree: ArborTree, api: MessagesApi, env: NodeJS.ProcessEnv, projectId: string) {
  const watch = await watchStatuses(tree.url);
  const load = loadAverage();
  const rounds: Round[] = [];
  try {
    const issue = (await postJson(`${tree.url}/api/issues`, { title: `Benchmark: pre-started agents (${name})`, projectId })).body;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      await sleep(PAUSE_MS);
      if (name === "prestarted") for (let waited = 0; !(await poolReady(tree.url)) && waited < 20_000; waited += 50) await sleep(50);
      const token = `${name}-${i}-${randomUUID().slice(0, 8)}`;
      const created = await postJson(`${tree.url}/api/executions`, { issueId: issue.id, prompt: `new run ${token}` });
      const id = String(created.body.id);
      const model = await modelRequestAt(api, `new run ${token}`);
      const seen = await watch.sessionSeen(id);
      const end = await watch.ended(id);
      if (end.status !== "completed") throw new Error(`run ${id} ended ${end.status}: ${JSON.stringify(end.error)}`);
      const kind = String((end.launch as { kind?: string } | null)?.kind ?? "?");
      // Bare: the same argv, a new session, spawned for the message.
      const launch = await launchOf(tree.url, id);
      const bare = spawnBare(launch, { sessionId: randomUUID(), prompt: `bare new ${token}` }, env);
      const bareModel = await modelRequestAt(api, `bare new ${token}`);
      await bare.exited;
      // Bare, started ahead and left waiting, then given the message.
      const bareWaiting: Record<"idle" | "request" | "primed", number | null> = { idle: null, request: null, primed: null };
      if (name === "prestarted") {
        // In turns each round: nothing sent ahead, the warm-up request alone (as before the priming message), both.
        for (const arm of ["idle", "request", "primed"] as const) {
          const idle = spawnBareWarm(launch, { sessionId: randomUUID(), prompt: null, warmUp: arm === "idle" ? undefined : arm }, env);
          await sleep(2_000);
          const label = `bare ${arm} ${token}`;
          const writtenAt = idle.send(label);
          bareWaiting[arm] = (await modelRequestAt(api, label)) - writtenAt;
          await idle.turnEnded();
          await idle.close();
        }
      }
      const hops = kind === "prestarted" ? await hopsOf(tree.url, id, model) : null;
      const round = {
        kind,
        requestToModel: model - created.at,
        requestToSession: seen.at - created.at,
        bareSpawnToModel: bareModel - bare.spawnedAt,
        bareIdleToModel: bareWaiting.idle,
        bareRequestToModel: bareWaiting.request,
        bareWarmedToModel: bareWaiting.primed,
        hops,
      };
      if (i >= WARMUP) rounds.push(round);
      const f = (n: number | null) => (n === null ? "—" : n.toFixed(0));
      console.log(
        `  ${name} ${i + 1}/${WARMUP + RUNS}${i < WARMUP ? " (warm-up)" : ""}: ${kind}, request → model ${f(round.requestToModel)} ms, → session ${f(round.requestToSession)}; bare spawn ${f(round.bareSpawnToModel)}, bare waiting ${f(bareWaiting.idle)}, warm-up request ${f(bareWaiting.request)}, primed ${f(bareWaiting.primed)}${
          hops
            ? `; hops ${Object.entries(hops)
                .map(([k, v]) => `${k} ${v.toFixed(1)}`)
                .join(", ")}`
            : ""
        }`,
      );
    }
  } finally {
    await watch.close();
  }
  const pick = (f: (r: Round) => number | null): Summary => summarize(rounds.map(f).filter((n): n is number => n !== null));
  return {
    name,
    load: [load, loadAverage()],
    took: rounds.filter((r) => r.kind === "prestarted").length,
    rounds: rounds.length,
    requestToModel: pick((r) => r.requestToModel),
    requestToSession: pick((r) => r.requestToSession),
    bareSpawnToModel: pick((r) => r.bareSpawnToModel),
    overBareSpawn: pick((r) => r.requestToModel - r.bareSpawnToModel),
    bareIdleToModel: pick((r) => r.bareIdleToModel),
    overBareIdle: pick((r) => (r.bareIdleToModel === null ? null : r.requestToModel - r.bareIdleToModel)),
    bareRequestToModel: pick((r) => r.bareRequestToModel),
    bareWarmedToModel: pick((r) => r.bareWarmedToModel),
    overBareWarmed: pick((r) => (r.bareWarmedToModel === null ? null : r.requestToModel - r.bareWarmedToModel)),
    hops: Object.fromEntries(HOPS.map(([step]) => [step, pick((r) => (r.kind === "prestarted" ? (r.hops?.[step] ?? null) : null))])) as Record<string, Summary>,
  };
}

type Phase = Awaited<ReturnType<typeof runPhase>>;

/** The hops of a pre-started run's launch path, as the execution page names them (lib/executions/timings.ts). */
const HOPS: [string, string][] = [
  ["insertedAt", "request → recorded (the claim is in this insert)"],
  ["pickedAt", "queue → runner"],
  ["claimedAt", "claimed"],
  ["plannedAt", "launch planned"],
  ["spawnedAt", "message written to the pre-started process"],
  ["model", "message → model request (the CLI's own)"],
];

/** Figures of earlier runs, kept beside the generated ones (each run rewrites the tables). */
const EARLIER = [
  "Earlier runs, p50 / p95 ms, new run request → model request (pre-started), and the CLI's own hop:",
  "- 2026-11-28 03:36, 2 × AMD EPYC, commit 1a2a851, the warm-up request alone: 216.7 / 265.8; the CLI's own 157.9 / 191.3.",
  "- 2026-11-28 13:34, this Xeon machine, commit 5ef69c7 + the priming message, with the job notifications told before the runner's claim: 207.2 / 308.4; the CLI's own 115.9 / 194.4; claimed 30.9 / 46.5 (the worker pools' job queries took the runner pool's idle connection, and the claim waited for a new one; `server/runner/process/job-notifications.ts` now tells them after).",
  "- 2026-11-28 16:31, 2 × AMD EPYC, commit 14bd5e7, before a new run's checks read at once and its base commit came from the repository's files: 153.0 / 189.0; the CLI's own 91.5 / 107.2; request → recorded 23.4 / 31.4; request → session id on the status stream 48.0 / 54.4.",
  "- 2026-11-28 16:38, the same machine, commit 8c66e60: 158.6 / 248.8; the CLI's own 96.6 / 142.8; request → session id on the status stream 41.0 / 78.4; hops: recorded 17.3 / 27.0, queue → runner 14.8 / 19.6, claimed 9.1 / 14.9, launch planned 14.6 / 26.2, message written 2.8 / 10.4.",
  "- 2026-11-29 23:47, this run's machine (2–3 times slower than that one: the bare CLI's spawn → model request 1,485 against 534 ms), commit 936607c, before a new run was recorded in one statement: 385.9 / 458.6; the CLI's own 191.2 / 227.0; request → session id on the status stream 78.7 / 96.0; hops: recorded 25.8 / 32.1, queue → runner 32.5 / 38.9, claimed 25.6 / 39.2, launch planned 88.5 / 134.4, message written 9.5 / 15.0.",
  "- 2026-11-29 23:37, the same machine, commit 48fb65c, with the plan's reads started beside the claim (reverted, below): 421.8 / 493.4; the CLI's own 197.9 / 273.6; request → session id on the status stream 75.9 / 123.2; hops: recorded 22.0 / 39.9, queue → runner 35.6 / 42.0, claimed 28.5 / 48.8, launch planned 90.5 / 140.7, message written 17.4 / 24.6.",
  "",
  "A new run is recorded in one statement since 2026-11-29 (`server/executions/record-new-run.ts`: a pre-started agent's claim, the row, its job and its NOTIFYs, as a follow-up is recorded), instead of a Prisma transaction of six statements. In process and in turns with the code before (\"Recording a new run\" below), 18.6 → 12.3 ms p50 for a run that claims a pre-started agent, 11.9 → 7.7 ms for one in the default workspace. End to end, on this slower machine, its request → recorded hop went from 25.8 to 19.6 ms p50 and the new run from 385.9 to 380.9 ms, within the runs' spread. Tried and reverted: starting the plan's reads (the CLI's resolution, the project's policy, the MCP attachment, the binary's stat) as the run is queued, beside its claim: launch planned 88.5 → 90.5 ms p50. On these 2 cores the plan waits for CPU that the web server and PostgreSQL are spending on the same run (its status answer, the claim), not for its reads.",
  "",
  "A new run's checks (`prepareNewRun` in `server/executions/create-execution.ts`) read at once where they can (the agent and its model beside the issue and the place, the project's policy beside the place), and the base branch's commit is read from the repository's files, not a git process (`server/git/branch-from-files.ts`): the request → recorded hop went from 23.4 to 17.3 ms p50 between the runs of 2026-11-28 16:31 and 16:38 (in-process, `prepareNewRun` alone: ~13 → ~5 ms p50, in turns). The end-to-end figure moves within the CLI's own run-to-run spread.",
  "",
  "The priming message (`server/agents/claude/claude-stream-input.ts`): a user message with `shouldQuery: false` and empty content, written to a pre-started process after the warm-up request; the CLI takes it without a model request and does its first turn's remaining context work then. In the same rounds, in turns, the bare CLI left waiting went from 112.7 (the warm-up request alone) to 97.0 ms p50 (both).",
  "",
  "**What is left is the CLI's own first turn** (investigated 2026-11-29 on a 2 × AMD EPYC machine of this kind, not changed): Claude Code 2.1.330 is a Bun-compiled binary. Spawned bare with Arbor's argv, sent the warm-up request and the priming message, then two messages, it took 110.9 / 184.0 ms p50 / p95 from its first message to the model request and 40.2 / 69.1 ms from its second (n 10, the machine shared with other work: this table's bare arm says 92–97 ms). Between the message and the request it starts no process, opens no file but its transcript, and sends nothing else (strace); its CPU profile (`BUN_OPTIONS=--cpu-prof`), first turn less second: the query loop and the request builder running for the first time (~15–18 ms compiling the loop's 82 KB function, ~15 ms building the request, of which ~5 ms hashing the system prompt and the tools' schemas), the first fetch's set-up (~4 ms), the transcript's creation (~3–4 ms), and dozens of functions under a millisecond each. Only a real query reaches that code: the priming message stops before it. Tried without a gain beyond noise: the priming message twice; a `get_context_usage` control request in full detail instead (27 token-count requests to the API per process); `CLAUDE_CODE_DISABLE_GIT_INSTRUCTIONS`, `CLAUDE_CODE_DISABLE_ATTACHMENTS` (which would take the model's commit instructions and reminders away). A real warm-up turn would cost a model call and land in the run's transcript. So with this CLI a new run cannot reach the model within 80 ms of its request: the CLI's own share after the message is ~95–110 ms, Arbor's hops above ~60 ms.",
].join("\n");

function render(phases: Phase[], meta: { date: string; commit: string; cpus: string }): string {
  const [pre, cold] = phases as [Phase, Phase];
  const ms = (s: Summary) => (s.n === 0 ? "—" : `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)}`);
  const rows: [string, string, string][] = [
    ["new run: request → model request", ms(pre.requestToModel), ms(cold.requestToModel)],
    ["new run: request → session id on the status stream", ms(pre.requestToSession), ms(cold.requestToSession)],
    ["the same CLI spawned bare with Arbor's argv: spawn → model request", ms(pre.bareSpawnToModel), ms(cold.bareSpawnToModel)],
    ["Arbor's new run over that bare spawn", ms(pre.overBareSpawn), ms(cold.overBareSpawn)],
    ["the same CLI started bare and left waiting: message → model request", ms(pre.bareIdleToModel), "—"],
    ["Arbor's new run over that waiting bare process", ms(pre.overBareIdle), "—"],
    ["the same, sent the warm-up request alone while it waits (Arbor before the priming message): message → model request", ms(pre.bareRequestToModel), "—"],
    ["the same, sent the warm-up request and the priming message while it waits (as Arbor does): message → model request", ms(pre.bareWarmedToModel), "—"],
    ["Arbor's new run over that warmed-up bare process", ms(pre.overBareWarmed), "—"],
    ["runs that took a pre-started process", `${pre.took} of ${pre.rounds}`, `${cold.took} of ${cold.rounds}`],
  ];
  return [
    "## Pre-started agents: a new run without the CLI's start-up (bench/prestart.ts)",
    "",
    `Generated by \`bench/prestart.ts\` (\`npx tsx --conditions=react-server bench/prestart.ts\`) on ${meta.date}, commit ${meta.commit}, ${meta.cpus}, Node ${process.version}; load average ${pre.load.map((l) => l.toFixed(2)).join("–")} (pre-started phase), ${cold.load.map((l) => l.toFixed(2)).join("–")} (spawned phase). Arbor runs as \`npm start\` with the real Claude Code CLI against the Messages-API stand-in, new runs in a git project (each in its own worktree), a client on the status stream; ${RUNS} rounds per phase after ${WARMUP} warm-up, ${PAUSE_MS / 1000} s apart. The first phase runs with \`ARBOR_PRESTART=1\` (the default), the second with \`ARBOR_PRESTART=0\`. Values are p50 / p95 in ms. Before this change every new run was the second column (the "Fast turns" section measured 432 ms p50 request → model request for a new run, outside a project).`,
    "",
    "| | pre-started (`ARBOR_PRESTART=1`) | spawned (`ARBOR_PRESTART=0`) |",
    "|---|---|---|",
    ...rows.map(([label, a, b]) => `| ${label} | ${a} | ${b} |`),
    "",
    EARLIER,
    "",
    "Where a pre-started run's time goes, hop by hop (the timings each execution stores, as its page shows them; the last hop is the stand-in's arrival stamp less the message's write):",
    "",
    "| hop | p50 / p95 ms |",
    "|---|---|",
    ...HOPS.map(([step, label]) => `| ${label} | ${ms(pre.hops[step]!)} |`),
  ].join("\n");
}

async function main() {
  if (process.argv.includes("--render-only")) {
    const last = readResult<{ date: string; commit: string; cpus: string; phases: Phase[] }>("prestart");
    if (!last) throw new Error("no bench/results/prestart.json to render");
    return void console.log(`wrote ${writeDocSection("prestart", render(last.phases, last))}`);
  }
  const tmp = await mkdtemp(path.join(os.tmpdir(), "arbor-bench-prestart-"));
  const workspace = path.join(tmp, "workspace");
  // A project outside the default workspace (runs without a project share that one).
  const repo = path.join(tmp, "repos", "app");
  await mkdir(repo, { recursive: true });
  await mkdir(workspace, { recursive: true });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });
  git("init", "--quiet", "--initial-branch=main");
  await writeFile(path.join(repo, "README.md"), "# app\n");
  git("add", "-A");
  git("-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "--quiet", "-m", "initial");
  const api = await startMessagesApi();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ...claudeTestEnv(api, path.join(tmp, "claude-config")) };
  delete env.ANTHROPIC_AUTH_TOKEN;
  delete env.DATABASE_URL;
  Object.assign(env, {
    ARBOR_DATA_DIR: path.join(tmp, "data"),
    ARBOR_WORKSPACE: workspace,
    PORT: String(port),
    ARBOR_DB_PORT: String(await freePort()),
    CLAUDE_BIN: CLAUDE,
  });
  const phases: Phase[] = [];
  let tree: ArborTree | null = null;
  let projectId = "";
  try {
    for (const name of ["prestarted", "spawned"] as const) {
      tree = await startArborTree({ port, env: { ...env, ARBOR_WARM_SESSIONS: "1", ARBOR_PRESTART: name === "prestarted" ? "1" : "0" } });
      projectId ||= String((await postJson(`${tree.url}/api/projects`, { path: repo })).body.id);
      console.log(`pre-started agents: ${name} phase, ${RUNS} rounds + ${WARMUP} warm-up`);
      phases.push(await runPhase(name, tree, api, env, projectId));
      await tree.stop();
      tree = null;
    }
  } catch (error) {
    if (tree) console.error(`npm start output:\n${tree.output()}`);
    throw error;
  } finally {
    await tree?.stop();
    await api.close();
    await rm(tmp, { recursive: true, force: true });
  }
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const meta = { date: `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`, commit, cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}` };
  writeResult("prestart", { ...meta, phases });
  console.log(`wrote ${writeDocSection("prestart", render(phases, meta))}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
