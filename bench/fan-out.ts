// Fan-out (issue 26): from the request to every member's first model request,
// for a group of 4 Claude Code runs on one runner (ARBOR_RUNNER_CONCURRENCY=4),
// beside a single run's request → model request. Goal: ≤ 1.5× one run.
//
//   npx tsx --conditions=react-server bench/fan-out.ts [--runs 8] [--warmup 1] [--members 4]
//
// Arbor's side is real: the route handlers (POST /api/executions,
// POST /api/executions/fan-out) called in-process, the graphile-worker queue,
// a runner process of its own (scripts/runner.ts, as `npm run runner`), a git
// project (each member gets its own worktree), the real Claude Code CLI against
// the Messages-API stand-in in this process, which stamps each request's
// arrival on CLOCK_MONOTONIC like the request's start here. Rounds alternate
// (single, group) so the machine's load drifts over both. Database
// arbor_fanout_bench. Writes bench/results/fan-out.json and the "fan-out"
// section of docs/performance.md.
import os from "node:os";
import { numberOption, startClaudeProjectBench } from "@/bench/lib/claude-project-bench";
import { writeDocSection } from "@/bench/lib/doc-section";
import { sleep } from "@/bench/lib/runner-process";
import { fmtMs, loadAverage, monoNowMs, round2, summarize, writeResult } from "@/bench/lib/stats";
import { randomUUID } from "node:crypto";
import { spawnBare, type BareLaunch } from "@/bench/lib/bare-spawn";
import type { RecordedRequest } from "@/test/support/messages-api";

const TERMINAL = new Set(["completed", "failed", "cancelled", "interrupted"]);

async function main() {
  const runs = numberOption("--runs", 8);
  const warmup = numberOption("--warmup", 1);
  const members = numberOption("--members", 4);
  const bench = await startClaudeProjectBench({
    database: "arbor_fanout_bench",
    runnerId: "fanout-bench",
    runnerEnv: { ARBOR_RUNNER_CONCURRENCY: String(members) },
  });
  const { api, runner } = bench;
  const { prisma } = await import("@/server/db");
  const { createProject } = await import("@/server/projects/create-project");
  const executions = await import("@/app/api/executions/route");
  const fanOut = await import("@/app/api/executions/fan-out/route");
  const project = await createProject({ path: bench.repo });
  if (!project.ok) throw new Error(project.error.message);
  const issue = await prisma.issue.create({ data: { id: "ISSUE-1", number: 1, title: "fan-out bench", projectId: project.value.id } });

  const post = async (handler: (request: Request, context: never) => Promise<Response>, url: string, body: unknown) => {
    const response = await handler(
      new Request(`http://127.0.0.1:3000${url}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      {} as never,
    );
    const json = await response.json();
    if (response.status !== 201) throw new Error(`${url} → ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  /** The model requests whose conversation carries this round's nonce, once `count` have arrived. */
  const arrivals = async (nonce: string, count: number): Promise<RecordedRequest[]> => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const seen = api.requests.filter((r) => JSON.stringify(r.body.messages ?? "").includes(nonce));
      if (seen.length >= count) return seen;
      if (Date.now() > deadline) throw new Error(`${seen.length} of ${count} model requests for ${nonce}:\n${runner.output()}`);
      await sleep(5);
    }
  };
  /** The argv and cwd Arbor launched a run with (its launch event). */
  const launchOf = async (id: string): Promise<BareLaunch> => {
    const event = await prisma.executionEvent.findFirst({ where: { executionId: id, stream: "arbor", kind: "launch" }, select: { payload: true } });
    const payload = event?.payload as { argv?: string[]; cwd?: string } | null;
    if (!payload?.argv || !payload.cwd) throw new Error(`execution ${id} has no launch event`);
    return { argv: payload.argv, cwd: payload.cwd };
  };
  const benchEnv = () => ({ ...process.env }) as NodeJS.ProcessEnv;
  const settle = async (ids: string[]) => {
    for (;;) {
      const rows = await prisma.execution.findMany({ where: { id: { in: ids } }, select: { status: true } });
      if (rows.every((row) => TERMINAL.has(row.status))) return;
      await sleep(50);
    }
  };

  const single: number[] = [];
  const groupAll: number[] = [];
  const groupFirst: number[] = [];
  const singlePost: number[] = [];
  const groupPost: number[] = [];
  const bareOne: number[] = [];
  const bareAll: number[] = [];
  /** The same CLI spawned bare with the single run's argv, `count` at once: the machine's own floor for a group. */
  const bare = async (launch: BareLaunch, count: number, nonce: string): Promise<number> => {
    const spawned = Array.from({ length: count }, (_, i) => spawnBare(launch, { sessionId: randomUUID(), prompt: `bench ${nonce}-${i}` }, benchEnv()));
    const seen = await arrivals(nonce, count);
    await Promise.all(spawned.map((s) => s.exited));
    return Math.max(...seen.map((r) => r.arrivedAt)) - Math.min(...spawned.map((s) => s.spawnedAt));
  };
  for (let round = 0; round < warmup + runs; round++) {
    const one = `single-${round}-${Date.now()}`;
    const t0 = monoNowMs();
    const created = await post(executions.POST, "/api/executions", { issueId: issue.id, prompt: `bench ${one}`, agent: "claude" });
    const answered0 = monoNowMs() - t0;
    const [first] = await arrivals(one, 1);
    await settle([created.id]);
    const launch = await launchOf(created.id);
    const b1 = await bare(launch, 1, `bare1-${round}-${Date.now()}`);
    const bn = await bare(launch, members, `bareN-${round}-${Date.now()}`);
    const many = `group-${round}-${Date.now()}`;
    const t1 = monoNowMs();
    const group = await post(fanOut.POST, "/api/executions/fan-out", {
      issueId: issue.id,
      prompt: `bench ${many}`,
      runs: Array.from({ length: members }, () => ({ agent: "claude" })),
    });
    const answered1 = monoNowMs() - t1;
    const seen = await arrivals(many, members);
    await settle(group.executions.map((e: { id: string }) => e.id));
    if (round < warmup) continue;
    single.push(first.arrivedAt - t0);
    bareOne.push(b1);
    bareAll.push(bn);
    singlePost.push(answered0);
    groupPost.push(answered1);
    const times = seen.map((r) => r.arrivedAt - t1);
    groupAll.push(Math.max(...times));
    groupFirst.push(Math.min(...times));
    console.log(
      `round ${round - warmup + 1}: single ${fmtMs(single.at(-1)!)} ms, group of ${members}: first ${fmtMs(groupFirst.at(-1)!)} ms, all ${fmtMs(groupAll.at(-1)!)} ms; bare 1 ${fmtMs(b1)} ms, bare ${members} ${fmtMs(bn)} ms`,
    );
  }
  await bench.close();
  await prisma.$disconnect();

  const rounded = (values: number[]) => Object.fromEntries(Object.entries(summarize(values)).map(([k, v]) => [k, round2(v)])) as ReturnType<typeof summarize>;
  const result = {
    date: new Date().toISOString(),
    runs,
    members,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}`,
    single: rounded(single),
    groupFirst: rounded(groupFirst),
    groupAll: rounded(groupAll),
    singlePost: rounded(singlePost),
    groupPost: rounded(groupPost),
    bareOne: rounded(bareOne),
    bareAll: rounded(bareAll),
    ratioP50: round2(summarize(groupAll).p50 / summarize(single).p50),
    bareRatioP50: round2(summarize(bareAll).p50 / summarize(bareOne).p50),
    loadAverage: loadAverage(),
  };
  writeResult("fan-out", result);
  writeDocSection(
    "fan-out",
    `## Fan-out: one prompt to ${members} runs

\`bench/fan-out.ts\` (\`npx tsx --conditions=react-server bench/fan-out.ts\`): the request (the route handler, in-process) to the real Claude Code CLI's model request at the stand-in, through the queue and a runner process with \`ARBOR_RUNNER_CONCURRENCY=${members}\`, in a git project (a worktree per run); ${runs} alternating rounds after ${warmup} warm-up, ${result.cpus}, load average ${result.loadAverage} at the end.

| request → model request | p50 | p95 | max |
| --- | --- | --- | --- |
| one run (POST /api/executions) | ${fmtMs(result.single.p50)} | ${fmtMs(result.single.p95)} | ${fmtMs(result.single.max)} |
| group of ${members}: its first member | ${fmtMs(result.groupFirst.p50)} | ${fmtMs(result.groupFirst.p95)} | ${fmtMs(result.groupFirst.max)} |
| group of ${members}: every member | ${fmtMs(result.groupAll.p50)} | ${fmtMs(result.groupAll.p95)} | ${fmtMs(result.groupAll.max)} |
| bare: the same CLI spawned alone with the run's argv | ${fmtMs(result.bareOne.p50)} | ${fmtMs(result.bareOne.p95)} | ${fmtMs(result.bareOne.max)} |
| bare: ${members} spawned at once, every one | ${fmtMs(result.bareAll.p50)} | ${fmtMs(result.bareAll.p95)} | ${fmtMs(result.bareAll.max)} |
| the request's own answer (201), one run | ${fmtMs(result.singlePost.p50)} | ${fmtMs(result.singlePost.p95)} | ${fmtMs(result.singlePost.max)} |
| the request's own answer (201), group of ${members} | ${fmtMs(result.groupPost.p50)} | ${fmtMs(result.groupPost.p95)} | ${fmtMs(result.groupPost.max)} |

Every member of a group of ${members} reaches its model in **${result.ratioP50}×** one run's time at p50 (goal ≤ 1.5×, not met on this machine). The floor is the CLIs' own: ${members} bare spawns of the same argv at once take **${result.bareRatioP50}×** one bare spawn, since each Claude Code start is CPU-bound and ${members} of them share ${os.cpus().length} cores. Arbor's share beyond that floor is the request (${fmtMs(result.groupPost.p50)} ms for ${members} members, each checked as a single run is) and a worktree per member made side by side by the runner; the group itself is one transaction, and each member is an ordinary job.`,
  );
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
