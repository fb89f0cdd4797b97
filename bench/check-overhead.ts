// What a project's check adds to the end of a turn beyond the command itself
// (issue 25; goal ≤ 50 ms p50): from the turn's final status stored to the
// check's result stored, minus the check process's own time (spawn to exit of
// `sh -c true`, as the runner measures it). Includes settling the agent
// process, loading the project, the reuse lookup, the "running" record, the
// process group, the output writer and the final record.
//
//   npx tsx --conditions=react-server bench/check-overhead.ts [--runs 20] [--warmup 2]
//
// Arbor's side is real: POST /api/executions called in-process, the queue, a
// runner process of its own (scripts/runner.ts), a git project (a worktree
// and a snapshot per turn), the real Claude Code CLI against the Messages-API
// stand-in in this process. Timestamps are the database's (the turn's
// finished_at, the check's result event's created_at), one clock. Database
// arbor_check_bench. Writes bench/results/check-overhead.json and the
// "check-overhead" section of docs/performance.md.
import os from "node:os";
import { numberOption, startClaudeProjectBench } from "@/bench/lib/claude-project-bench";
import { writeDocSection } from "@/bench/lib/doc-section";
import { sleep } from "@/bench/lib/runner-process";
import { fmtMs, loadAverage, round2, summarize, writeResult } from "@/bench/lib/stats";
import { isToolResultTurn, lastUserText } from "@/test/support/messages-api";

async function main() {
  const runs = numberOption("--runs", 20);
  const warmup = numberOption("--warmup", 2);
  const bench = await startClaudeProjectBench({ database: "arbor_check_bench", runnerId: "check-bench" });
  const { api, runner } = bench;
  // Each turn writes a file of its own, so each snapshot is new and its check runs (nothing to reuse).
  api.setScript((request) => {
    if (isToolResultTurn(request)) return { kind: "text", text: "Done." };
    const round = /bench turn (\d+)/.exec(lastUserText(request))?.[1] ?? "x";
    return { kind: "tool_use", calls: [{ name: "Bash", input: { command: `printf '%s\\n' ${round} > turn.txt`, description: "Write" } }] };
  });
  const { prisma } = await import("@/server/db");
  const { createProject } = await import("@/server/projects/create-project");
  const executions = await import("@/app/api/executions/route");
  const project = await createProject({ path: bench.repo, checkCommand: "true" });
  if (!project.ok) throw new Error(project.error.message);
  const issue = await prisma.issue.create({ data: { id: "ISSUE-1", number: 1, title: "check bench", projectId: project.value.id } });

  const ids: string[] = [];
  for (let round = 0; round < warmup + runs; round++) {
    const request = new Request("http://127.0.0.1:3000/api/executions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ issueId: issue.id, prompt: `bench turn ${round}`, agent: "claude" }),
    });
    const response = await executions.POST(request, {} as never);
    const created = (await response.json()) as { id: string };
    if (response.status !== 201) throw new Error(`POST /api/executions → ${response.status} ${JSON.stringify(created)}`);
    for (;;) {
      const row = await prisma.execution.findUnique({ where: { id: created.id }, select: { check: true, status: true } });
      const status = (row?.check as { status?: string } | null)?.status;
      if (status && status !== "running") break;
      if (row && ["failed", "cancelled", "interrupted"].includes(row.status) && !row.check)
        throw new Error(`turn ${created.id} ended ${row.status}:\n${runner.output()}`);
      await sleep(20);
    }
    if (round >= warmup) ids.push(created.id);
  }
  const rows = await prisma.$queryRaw<{ id: string; overhead: number; command: number; reused: boolean }[]>`
    SELECT e.id::text,
           (extract(epoch FROM r.created_at - e.finished_at) * 1000 - (e."check"->>'durationMs')::float8)::float8 AS overhead,
           (e."check"->>'durationMs')::float8 AS command,
           e."check"->>'reusedFromExecutionId' IS NOT NULL AS reused
      FROM executions e JOIN execution_events r ON r.execution_id = e.id AND r.stream = 'check' AND r.kind = 'result'
     WHERE e.id = ANY(${ids}::uuid[])`;
  await bench.close();
  await prisma.$disconnect();

  const rounded = (values: number[]) => Object.fromEntries(Object.entries(summarize(values)).map(([k, v]) => [k, round2(v)])) as ReturnType<typeof summarize>;
  const result = {
    date: new Date().toISOString(),
    runs: rows.length,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}`,
    overhead: rounded(rows.map((r) => r.overhead)),
    command: rounded(rows.map((r) => r.command)),
    loadAverage: loadAverage(),
  };
  writeResult("check-overhead", result);
  writeDocSection(
    "check-overhead",
    `## What a check adds to a turn

\`bench/check-overhead.ts\` (\`npx tsx --conditions=react-server bench/check-overhead.ts\`): ${result.runs} turns of the real Claude Code CLI in a git project whose check is \`true\` (each turn a new snapshot, so the check runs every time), through a runner process; ${result.cpus}, load average ${result.loadAverage} at the end. Measured on the database's clock, from the turn's final status stored to the check's result stored, minus the check process's own time.

| per turn | p50 | p95 | max |
| --- | --- | --- | --- |
| Arbor's share (goal ≤ 50 ms p50) | ${fmtMs(result.overhead.p50)} | ${fmtMs(result.overhead.p95)} | ${fmtMs(result.overhead.max)} |
| the check process (\`sh -c true\`, spawn to exit) | ${fmtMs(result.command.p50)} | ${fmtMs(result.command.p95)} | ${fmtMs(result.command.max)} |

Arbor's share is settling the agent's process, reading the project's check, looking for a result to reuse, recording "running", starting the process group, and storing the output and the result.`,
  );
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
