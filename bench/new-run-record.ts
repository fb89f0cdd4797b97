// Recording a new run: POST /api/executions' work in the web server
// (createExecution: the run's checks, then its row, its job and, when a
// runner holds a pre-started agent for it, that agent's claim and the
// NOTIFYs that start it), in process, without HTTP. Two kinds of run: one in
// the default workspace, and one in a git project that claims a pre-started
// agent (a row put in place before each call, as a runner's pool keeps one).
//
//   npx tsx --conditions=react-server bench/new-run-record.ts [--rounds 6] [--calls 30] [--label after]
//   … --interleave <checkout of the code before> [--before-label before]   (both in turns)
//   npx tsx --conditions=react-server bench/new-run-record.ts --render-only
//
// Runs against its own database (arbor_bench_new_run on the server
// DATABASE_URL points at, made afresh). Each round runs the calls in a Node
// process of its own, in each checkout in turns, with the web server's
// preload (LEAN_HEAP): 5 unmeasured calls of each kind, then --calls measured ones.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeDocSection } from "@/bench/lib/doc-section";
import { gitHead } from "@/bench/lib/git-head";
import { loadAverage, readResult, summarize, writeResult, type Summary } from "@/bench/lib/stats";
import { prepareBenchDatabase, withClient } from "@/bench/lib/bench-db";
import { argValue, checkoutsToCompare, type RoundsResult, roundsResult, runInCheckout } from "@/bench/lib/checkout-rounds";

const ROUNDS = Number(argValue("--rounds", "6"));
const CALLS = Number(argValue("--calls", "30"));
const DATABASE = "arbor_bench_new_run";

type Column = { label: string; commit: string; workspace: Summary; prestarted: Summary; claimed: number };
type Result = RoundsResult<Column>;

/** The measured process, written into each checkout for the run (so the checkout before needs nothing of this file). */
const CHILD = `import { randomUUID } from "node:crypto";
import { prisma } from "@/server/db";
import { createExecution } from "@/server/executions/create-execution";
(async () => {
  const [calls, base] = [Number(process.argv[2]), process.argv[3]];
  const beat = () => prisma.runner.update({ where: { id: "bench-runner" }, data: { heartbeatAt: new Date() } });
  const time = async (args: Record<string, unknown>) => {
    const at = performance.now();
    const created = await createExecution({ prompt: "bench run", requestedAt: Date.now(), ...args } as never);
    const ms = performance.now() - at;
    if (!created.ok) throw new Error(created.error.message);
    return { ms };
  };
  const workspace: number[] = [];
  const prestarted: number[] = [];
  let claimed = 0;
  for (let i = 0; i < calls + 5; i++) {
    await beat();
    const plain = await time({ issueId: "ISSUE-1" });
    const session = randomUUID();
    await prisma.prestartedAgent.deleteMany();
    await prisma.prestartedAgent.create({ data: { sessionId: session, runnerId: "bench-runner", projectId: "PROJ-1", agent: "claude", baseSha: base, cwd: "/tmp/bench-spare" } });
    const project = await time({ issueId: "ISSUE-2" });
    if (i < 5) continue;
    workspace.push(plain.ms);
    prestarted.push(project.ms);
    // Claimed: the run took the agent's row (and its session).
    if ((await prisma.prestartedAgent.count({ where: { sessionId: session } })) === 0) claimed++;
  }
  await prisma.prestartedAgent.deleteMany();
  process.stdout.write(JSON.stringify({ workspace, prestarted, claimed }));
  process.exit(0);
})();
`;

/** A git repository with one commit on main, registered as PROJ-1; ISSUE-1 in the default workspace, ISSUE-2 in the project. */
async function seed(url: string): Promise<{ base: string; repo: string }> {
  const repo = mkdtempSync(path.join(os.tmpdir(), "bench-new-run-"));
  const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" }).trim();
  git("init", "-q", "-b", "main");
  writeFileSync(path.join(repo, "README.md"), "bench\n");
  git("add", "README.md");
  git("-c", "user.name=bench", "-c", "user.email=bench@example.invalid", "commit", "-q", "-m", "first");
  const base = git("rev-parse", "HEAD");
  await withClient(url, async (db) => {
    await db.query(
      `INSERT INTO runners (id, hostname, pid, started_at, heartbeat_at, installed_agents) VALUES ('bench-runner', $1, $2, now(), now(), ARRAY['claude'])`,
      [os.hostname(), process.pid],
    );
    await db.query(
      `INSERT INTO projects (id, number, name, path, is_git_repo, base_branch, updated_at) VALUES ('PROJ-1', 1, 'bench', $1, true, 'main', now())`,
      [repo],
    );
    await db.query(`INSERT INTO issues (id, number, title, updated_at) VALUES ('ISSUE-1', 1, 'workspace runs', now())`);
    await db.query(`INSERT INTO issues (id, number, title, project_id, updated_at) VALUES ('ISSUE-2', 2, 'project runs', 'PROJ-1', now())`);
  });
  return { base, repo };
}

function round(root: string, url: string, base: string): { workspace: number[]; prestarted: number[]; claimed: number } {
  // The default workspace of the runs in it, made by the first one.
  return runInCheckout(root, "new-run-record", CHILD, [String(CALLS), base], {
    DATABASE_URL: url,
    ARBOR_WORKSPACE: path.join(os.tmpdir(), "bench-new-run-workspace"),
  });
}

function render(result: Result): string {
  const cols = result.columns;
  const row = (name: string, cell: (c: Column) => string) => `| ${name} | ${cols.map(cell).join(" | ")} |`;
  const ms = (s: Summary) => `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)} (n ${s.n})`;
  return [
    "## Recording a new run (bench/new-run-record.ts)",
    "",
    `Generated by \`bench/new-run-record.ts\` on ${result.date.slice(0, 16).replace("T", " ")} UTC, ${result.cpus}, Node ${result.node}, load ${result.load.first}–${result.load.last}${result.interleaved ? "; the columns in turns, a process per round" : ""}. The web server's work for \`POST /api/executions\` without HTTP (\`createExecution\`: the run's checks, then its row, its job and, for a run that can take one, a runner's pre-started agent claimed with the NOTIFYs that start it), with the web server's V8 flags, on PostgreSQL at 127.0.0.1. It is the "request → recorded" hop and the start of "queue → runner" in the launch path's timings.`,
    "",
    `| | ${cols.map((c) => `${c.label} (${c.commit})`).join(" | ")} |`,
    `|---|${cols.map(() => "---|").join("")}`,
    row("a run in the default workspace, ms: p50 / p95", (c) => ms(c.workspace)),
    row("a run in a git project that claims a pre-started agent, ms: p50 / p95", (c) => ms(c.prestarted)),
    row("… runs that claimed the agent put in place for them", (c) => `${c.claimed} of ${c.prestarted.n}`),
  ].join("\n");
}

async function main() {
  if (process.argv.includes("--render-only")) {
    const saved = readResult<Result>("new-run-record");
    if (!saved) throw new Error("no bench/results/new-run-record.json yet");
    console.log(`wrote ${writeDocSection("new-run-record", render(saved))}`);
    return;
  }
  const checkouts = checkoutsToCompare();
  const url = await prepareBenchDatabase(DATABASE);
  const { base, repo } = await seed(url);
  const first = loadAverage();
  const samples = new Map(checkouts.map((c) => [c.label, { workspace: [] as number[], prestarted: [] as number[], claimed: 0 }]));
  try {
    for (let r = 0; r < ROUNDS; r++) {
      for (const c of checkouts) {
        const measured = round(c.root, url, base);
        const into = samples.get(c.label)!;
        into.workspace.push(...measured.workspace);
        into.prestarted.push(...measured.prestarted);
        into.claimed += measured.claimed;
        console.log(
          `round ${r + 1} ${c.label}: workspace p50 ${summarize(measured.workspace).p50.toFixed(1)} ms, pre-started p50 ${summarize(measured.prestarted).p50.toFixed(1)} ms`,
        );
      }
    }
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
  const columns = checkouts.map((c) => {
    const s = samples.get(c.label)!;
    return { label: c.label, commit: gitHead(c.root), workspace: summarize(s.workspace), prestarted: summarize(s.prestarted), claimed: s.claimed };
  });
  const result: Result = roundsResult(columns, first);
  writeResult("new-run-record", result);
  console.log(`wrote ${writeDocSection("new-run-record", render(result))}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
