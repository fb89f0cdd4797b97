import { writeDocSection } from "@/bench/lib/doc-section";
import { percentile, type Summary } from "@/bench/lib/stats";

// The results of bench/fast-turns.ts and its section of docs/performance.md
// (between <!-- fast-turns:start --> and <!-- fast-turns:end -->): the run
// labelled "before" (the code before issue 14's changes) beside the latest.

/** Epoch ms (sub-ms) per hop, as Arbor stores them on the execution (absent before the instrumentation existed). */
export type Timings = Record<string, number | null>;

export type RoundSample = {
  newRequestToModel: number;
  newRequestToSession: number;
  newPostMs: number;
  bareNewSpawnToModel: number;
  contRequestToModel: number;
  contRequestToSession: number;
  contPostMs: number;
  bareContSpawnToModel: number;
  /** Warm phase: the bare CLI kept alive like Arbor's warm process, its second message written → model request. */
  bareWarmWriteToModel?: number;
  contWarm: boolean;
  contSamePid: boolean;
  newTimings: Timings | null;
  contTimings: Timings | null;
  /** Client stamps converted to epoch ms, to set against the timings. */
  newSessionSeenEpoch?: number;
  contSessionSeenEpoch?: number;
  newModelEpoch?: number;
  contModelEpoch?: number;
  warmup: boolean;
};

export type PhaseResult = {
  name: string;
  loadAverage: number;
  loadAverageAfter: number;
  newRequestToModel: Summary;
  newRequestToSession: Summary;
  bareNewSpawnToModel: Summary;
  newOverhead: Summary;
  contRequestToModel: Summary;
  contRequestToSession: Summary;
  bareContSpawnToModel: Summary;
  contOverhead: Summary;
  /** Warm phase only. */
  bareWarmWriteToModel?: Summary;
  /** Warm phase only: warm Continue request → model request minus the bare live process's write → model request. */
  warmOverhead?: Summary;
  postMs: Summary;
  warmContinues: number;
  samePidContinues: number;
  rounds: RoundSample[];
};

type Pss = {
  totalMiB: number;
  parts: { name: string; processes: number; pssMiB: number }[];
  processes: { pid: number; name: string; command: string; pssMiB: number }[];
};

export type FastTurnsResult = {
  /** --pause: ms waited before each timed arm (absent or 0: each arm started as the one before it ended). */
  pauseMs?: number;

  label: string;
  date: string;
  commit: string;
  cpus: string;
  node: string;
  footprint: { idleAfterStart: Pss; idleAfterTurns: Pss | null; warmStartMs: Summary; warmStarts: number[] } | null;
  phases: PhaseResult[];
  capSoak?: { sessions: number; cap: number; maxWarm: number; maxAgentProcesses: number; warmContinues: number; seconds: number };
};

const ms = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? "—" : n >= 100 ? n.toFixed(0) : n.toFixed(1));
const pair = (s: Summary | undefined) => (s ? `${ms(s.p50)} / ${ms(s.p95)}` : "—");
const phase = (r: FastTurnsResult | null, name: string) => r?.phases.find((p) => p.name === name);

/** The hops Arbor stamps on each execution, in path order, and what each span is called. */
export const HOPS: { from: string; to: string; label: string }[] = [
  { from: "requestedAt", to: "insertedAt", label: "request → row and job inserted (web)" },
  { from: "insertedAt", to: "pickedAt", label: "inserted → job picked up (queue)" },
  { from: "pickedAt", to: "claimedAt", label: "picked up → claimed" },
  { from: "claimedAt", to: "plannedAt", label: "claimed → launch planned" },
  { from: "plannedAt", to: "spawnedAt", label: "planned → spawned (or prompt written to the warm process)" },
  { from: "spawnedAt", to: "firstLineAt", label: "spawned → first stdout line" },
  { from: "firstLineAt", to: "sessionAt", label: "first line → session id learned" },
];

function hopRows(
  rounds: RoundSample[],
  key: "newTimings" | "contTimings",
  modelKey: "newModelEpoch" | "contModelEpoch",
  seenKey: "newSessionSeenEpoch" | "contSessionSeenEpoch",
): string[] {
  const rows: string[] = [];
  const span = (label: string, values: number[]) => {
    if (values.length === 0) return;
    rows.push(`| ${label} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 95))} |`);
  };
  for (const hop of HOPS) {
    span(
      hop.label,
      rounds.flatMap((r) => {
        const t = r[key];
        return t && typeof t[hop.from] === "number" && typeof t[hop.to] === "number" ? [t[hop.to]! - t[hop.from]!] : [];
      }),
    );
  }
  span(
    "spawned → first model request (stand-in)",
    rounds.flatMap((r) => (r[key]?.spawnedAt && r[modelKey] ? [r[modelKey]! - r[key]!.spawnedAt!] : [])),
  );
  span(
    "session id learned → seen on the status stream",
    rounds.flatMap((r) => (r[key]?.sessionAt && r[seenKey] ? [r[seenKey]! - r[key]!.sessionAt!] : [])),
  );
  return rows;
}

/**
 * before: the code when issue 14 was opened; previous (optional): an earlier
 * "after", kept as bench/results/fast-turns-previous.json when a later one
 * replaces it; after: the latest run.
 */
export function renderFastTurns(before: FastTurnsResult | null, after: FastTurnsResult | null, previous: FastTurnsResult | null = null): string {
  const latest = after ?? before!;
  const lines: string[] = [];
  const columns = previous ? [before, previous, after] : [before, after];
  const row = (label: string, pick: (r: FastTurnsResult | null) => string) => lines.push(`| ${label} | ${columns.map(pick).join(" | ")} |`);
  lines.push("## Fast turns: Arbor's overhead per turn, warm sessions, footprint");
  lines.push("");
  lines.push(
    "Generated by `bench/fast-turns.ts` (`npx tsx --conditions=react-server bench/fast-turns.ts --label before|after`). Arbor runs as `npm start` (web app, one runner, the embedded PostgreSQL, the npm launcher) in a temporary data directory, with the real Claude Code CLI 2.1.330 against the Messages-API stand-in in the benchmark process, which stamps when each model request arrives. A client keeps `/api/executions/stream` open, as every open page does. Each round, interleaved: a new run (`POST /api/executions`), the same CLI spawned bare with the argv Arbor launched it with (session id and prompt swapped), a Continue of the new run, and the same CLI spawned bare resuming the bare session; each starts as the one before it ends. *Overhead* is Arbor's request → model request minus the bare spawn → model request of the same round. Values are p50 / p95 in ms.",
  );
  lines.push("");
  const meta = (r: FastTurnsResult | null) =>
    r
      ? `${r.date.slice(0, 16).replace("T", " ")} UTC, commit ${r.commit}, ${r.cpus}, Node ${r.node}, load ${r.phases.map((p) => `${p.loadAverage}–${p.loadAverageAfter}`).join(", ")}${r.pauseMs ? `, ${r.pauseMs} ms pause before each arm` : ""}`
      : "not run";
  lines.push(`- before: ${meta(before)}`);
  if (previous) lines.push(`- previous: ${meta(previous)}`);
  lines.push(`- after: ${meta(after)}`);
  lines.push("");
  lines.push(previous ? "| | before | previous | after |" : "| | before | after |");
  lines.push(previous ? "|---|---|---|---|" : "|---|---|---|");
  row("new run: request → model request", (r) => pair(phase(r, "cold")?.newRequestToModel));
  row("new run: bare spawn → model request", (r) => pair(phase(r, "cold")?.bareNewSpawnToModel));
  row("**new run: overhead over a bare spawn** (target ≤ 50 / ≤ 100)", (r) => pair(phase(r, "cold")?.newOverhead));
  row("new run: request → session id on the status stream", (r) => pair(phase(r, "cold")?.newRequestToSession));
  row("Continue (spawned): request → model request", (r) => pair(phase(r, "cold")?.contRequestToModel));
  row("Continue: bare spawn (--resume) → model request", (r) => pair(phase(r, "cold")?.bareContSpawnToModel));
  row("**Continue (spawned): overhead over a bare spawn** (target ≤ 50 / ≤ 100)", (r) => pair(phase(r, "cold")?.contOverhead));
  row("POST returned (new run)", (r) => pair(phase(r, "cold")?.postMs));
  row("warm phase: new run overhead over a bare spawn of the same argv", (r) => pair(phase(r, "warm")?.newOverhead));
  row("**warm Continue: request → model request** (target p50 ≤ 50)", (r) => pair(phase(r, "warm")?.contRequestToModel));
  row("warm Continue: the same CLI kept alive bare, message written → model request", (r) => pair(phase(r, "warm")?.bareWarmWriteToModel));
  row("**warm Continue: Arbor's overhead over the bare live process**", (r) => pair(phase(r, "warm")?.warmOverhead));
  row("warm Continue: request → session id on the status stream", (r) => pair(phase(r, "warm")?.contRequestToSession));
  row("warm Continues that reused the live process (same pid)", (r) => {
    const p = phase(r, "warm");
    return p ? `${p.samePidContinues} of ${p.contRequestToModel.n}` : "—";
  });
  row("idle PSS of the `npm start` tree after start, MiB (target ≤ 250)", (r) => (r?.footprint ? r.footprint.idleAfterStart.totalMiB.toFixed(0) : "—"));
  row("idle PSS after the cold phase's turns, MiB", (r) => (r?.footprint?.idleAfterTurns ? r.footprint.idleAfterTurns.totalMiB.toFixed(0) : "—"));
  row("warm start → /api/health 200, ms (median; target ≤ 1,500)", (r) => (r?.footprint ? ms(r.footprint.warmStartMs.p50) : "—"));
  lines.push("");
  const parts = (r: FastTurnsResult | null, which: "idleAfterStart" | "idleAfterTurns") =>
    r?.footprint?.[which] ? r.footprint[which]!.parts.map((p) => `${p.name} ${p.pssMiB.toFixed(0)} (${p.processes})`).join(", ") : "—";
  lines.push(
    `Idle PSS by part after start, MiB (processes): before: ${parts(before, "idleAfterStart")}; ${previous ? `previous: ${parts(previous, "idleAfterStart")}; ` : ""}after: ${parts(after, "idleAfterStart")}. After the cold phase's turns (after): ${parts(after, "idleAfterTurns")}.`,
  );
  lines.push("");
  if (latest.capSoak) {
    const c = latest.capSoak;
    lines.push(
      `Warm cap under load (${latest.label}): ${c.sessions} sessions continued in a row (a new run, then its Continue) with \`ARBOR_WARM_MAX=${c.cap}\`, in ${c.seconds.toFixed(0)} s: at most **${c.maxWarm}** sessions warm at any 20 ms sample, at most ${c.maxAgentProcesses} Claude processes alive in the tree (the cap, the turn at hand, and one being closed to make room); ${c.warmContinues} of the ${c.sessions} Continues ran on the warm process.`,
      "",
    );
  }
  for (const [name, key, modelKey, seenKey] of [
    ["new run", "newTimings", "newModelEpoch", "newSessionSeenEpoch"],
    ["Continue, spawned (cold phase)", "contTimings", "contModelEpoch", "contSessionSeenEpoch"],
  ] as const) {
    const rows = hopRows(
      (phase(latest, "cold")?.rounds ?? []).filter((r) => !r.warmup),
      key,
      modelKey,
      seenKey,
    );
    if (rows.length)
      lines.push(
        `Where the time goes (${latest.label}), ${name}, from the timestamps Arbor stores on each execution:`,
        "",
        "| hop | p50 | p95 |",
        "|---|---|---|",
        ...rows,
        "",
      );
  }
  lines.push(whatTheNumbersSay({ before, previous }, latest), "");
  const warmRows = hopRows(
    (phase(latest, "warm")?.rounds ?? []).filter((r) => !r.warmup),
    "contTimings",
    "contModelEpoch",
    "contSessionSeenEpoch",
  );
  if (warmRows.length) lines.push(`Where the time goes (${latest.label}), warm Continue:`, "", "| hop | p50 | p95 |", "|---|---|---|", ...warmRows, "");
  return writeDocSection("fast-turns", lines.join("\n"));
}

/** p50 over a phase's measured rounds of what `value` gives (rounds it gives nothing for are left out). */
function roundsP50(phase: PhaseResult | undefined, value: (round: RoundSample) => number | undefined): number | undefined {
  const values = (phase?.rounds ?? [])
    .filter((r) => !r.warmup)
    .flatMap((r) => {
      const v = value(r);
      return v === undefined ? [] : [v];
    });
  return values.length ? percentile(values, 50) : undefined;
}

/** Arbor's own hops, added up: request → agent spawned (or the message written to the warm process). */
const ownHops = (key: "newTimings" | "contTimings") => (r: RoundSample) => {
  const t = r[key];
  return t?.requestedAt && t.spawnedAt ? t.spawnedAt - t.requestedAt : undefined;
};

function whatTheNumbersSay(earlier: { before: FastTurnsResult | null; previous: FastTurnsResult | null }, latest: FastTurnsResult): string {
  const cold = phase(latest, "cold");
  const warm = phase(latest, "warm");
  const speed = (r: FastTurnsResult | null) => phase(r, "cold")?.bareNewSpawnToModel.p50;
  // Columns whose machine ran the same CLI at a markedly different speed (a bare spawn → model request).
  const unlike = (["before", "previous"] as const).flatMap((name) => {
    const then = speed(earlier[name]);
    const now = speed(latest);
    if (!then || !now || earlier[name] === latest) return [];
    const ratio = then / now;
    return ratio > 1.3 || ratio < 1 / 1.3
      ? [`the ${name} column ${ratio > 1 ? `${ratio.toFixed(1)}× slower` : `${(1 / ratio).toFixed(1)}× faster`} (${ms(then)} against ${ms(now)} ms)`]
      : [];
  });
  // Inside Arbor: the warm process's message written → its model request.
  const warmWindow = roundsP50(warm, (r) => (r.contTimings?.spawnedAt && r.contModelEpoch ? r.contModelEpoch - r.contTimings.spawnedAt : undefined));
  return [
    "What the numbers say.",
    unlike.length
      ? `This machine ran the CLI itself at a different speed when earlier columns were taken (a bare spawn → model request, p50): ${unlike.join("; ")}. Absolute times are not comparable across those columns; the overheads over a bare spawn, measured in the same rounds, are.`
      : "",
    `*Arbor's own hops* (request → agent spawned, or the message written to the warm process) are ${ms(roundsP50(cold, ownHops("newTimings")))} ms p50 for a new run, ${ms(roundsP50(cold, ownHops("contTimings")))} ms for a spawned Continue and ${ms(roundsP50(warm, ownHops("contTimings")))} ms for a warm Continue; the rest of the overhead over a bare spawn is the same CLI running slower beside Arbor's own work on two shared cores (the bare arms run with Arbor idle).`,
    warm?.bareWarmWriteToModel
      ? `A warm Continue skips the CLI's start-up; what is left is the CLI's own work on the message (the bare live process: ${pair(warm.bareWarmWriteToModel)} ms from the message on stdin to the model request, on this machine at this time; the warm process in Arbor, message written → model request: ${ms(warmWindow)} ms p50) and Arbor's overhead over it (${pair(warm.warmOverhead)}). A warm turn's session is recorded and announced with its process, right after its message is written, so it reaches a page before the agent's own init line restates it (a negative last hop below).`
      : "",
    "What was cut, in earlier stops: the claim is one `UPDATE … RETURNING`; the plan's database work fewer round trips; telemetry that composes Arbor's transcript runs after the turn; the status stream reads at once instead of after a fixed 50 ms window, and the session id's pin and its NOTIFY are one round trip; warm sessions; `npm start` compiled once, the runner in its own process, Prisma's small query compiler, 4 MiB semi-spaces; API routes run the request guard themselves instead of behind Next's proxy; a warm Continue's file guards start when the request arrives (NOTIFY `arbor_continue_asked`); a session's bookkeeping waits for the agent's next line; Next loads routes on first use; both Node processes run with `--optimize-for-size`; a warm turn is announced once, with its process record and its session, and the worker whose job a warm Continue already runs waits for it without a claim of its own; the runner holds a turn's event writes while its agent is on its way to the model; JSON answers under 32 KB are sent uncompressed.",
    "In this one: a Continue or Fork reads its source with the source's runner and Session in one query (three queries before, two of them after the first), and records its turn in one statement (the session's lock, the head read under it, the row, its job and its NOTIFY: `server/executions/record-follow-up.ts`), prepared once per connection on Prisma's own pool, instead of a transaction of five round trips (BEGIN, lock and head, insert, job, COMMIT); the runner's claim is a prepared statement on its own pool; the embedded PostgreSQL is asked whether it is up every 10 ms instead of 100 (a warm start waits on it). Measured with temporary stamps in the web handler during this benchmark (one run of 20 rounds each), request → job committed went from 12.5 to 9.2 ms p50, and request → claimed from 18.7 to 12.5 ms (before the claim's change). The absolute warm Continue follows the CLI's own speed on this machine at the time: three full runs at this stop's last commits gave 51.0, 79.7 (right after the full test suite, the bare live CLI itself at 39.7 ms) and 45.5 ms p50 (this column), with Arbor's overhead over the bare live CLI at 19.6, 33.0 and 19.0 ms.",
  ]
    .filter(Boolean)
    .join(" ");
}
