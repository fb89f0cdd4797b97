import { randomUUID } from "node:crypto";
import type { ArborTree } from "@/bench/lib/arbor-tree";
import { spawnBare, spawnBareWarm, type BareLaunch } from "@/bench/lib/bare-spawn";
import type { PhaseResult, RoundSample } from "@/bench/lib/fast-turns-report";
import { sleep } from "@/bench/lib/runner-process";
import { loadAverage, monoNowMs, summarize, type Summary } from "@/bench/lib/stats";
import { watchStatuses, type StatusWatch } from "@/bench/lib/status-watch";
import type { MessagesApi } from "@/test/support/messages-api";
import { turnText } from "@/test/support/turn-script";

// One phase of bench/fast-turns.ts (cold: warm sessions off; warm: on): rounds
// of a new run and a Continue through Arbor's API, each beside the same CLI
// spawned bare, timed from the request (or spawn) to the model request the
// Messages-API stand-in stamps.

export type PhaseOptions = {
  runs: number;
  warmup: number;
  /**
   * --pause N: wait N ms before each timed request or spawn (default 0: each
   * arm starts as the one before it ends, as the results in docs/performance.md
   * were taken). With a pause the previous arm's tail (Arbor's bookkeeping after
   * a turn, a bare CLI saving its transcript) cannot overlap the next arm, but
   * an idle machine's cores also go cold meanwhile, and a live CLI answers its
   * next message markedly slower (see the closing notes of issue 14).
   */
  pause: number;
};

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

export async function postJson(url: string, body: unknown): Promise<{ at: number; returnedAt: number; body: Record<string, unknown> }> {
  const at = monoNowMs();
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const returnedAt = monoNowMs();
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 201) throw new Error(`POST ${url} → ${response.status} ${JSON.stringify(json)}`);
  return { at, returnedAt, body: json };
}

/** The argv and cwd Arbor launched an execution's agent with (its `launch` event). */
export async function launchOf(url: string, id: string): Promise<BareLaunch> {
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

export async function runPhase(name: string, tree: ArborTree, api: MessagesApi, env: NodeJS.ProcessEnv, args: PhaseOptions): Promise<PhaseResult> {
  const quiet = () => (args.pause > 0 ? sleep(args.pause) : Promise.resolve());
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
