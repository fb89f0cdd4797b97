// People in the loop (issue 21): how fast a decision reaches the agent, and
// how fast a request for one reaches the page.
//
//   npx tsx --conditions=react-server bench/approvals.ts [--runs 30] [--warmup 3]
//
// Arbor runs as a person runs it (`npm start`: web app, one runner, the
// embedded PostgreSQL) in a temporary data directory, with the real Claude
// Code CLI against the Messages-API stand-in in this process, scripted so
// that each turn asks to run one Bash command: `printf %s "$EPOCHREALTIME"`
// into a file, i.e. the command stamps the moment it starts. A client here
// keeps the status stream open, as every open page does.
//
// Each round (the first a new run, the rest Continues of it — on its warm
// process, as a person's next turn usually is):
// - asked → on the page: the stand-in hands Claude the tool call (stamped
//   here) → the status stream says the execution waits (CLOCK_MONOTONIC);
//   it includes the CLI reading the reply and asking Arbor;
// - decision → tool starts: just before `POST /api/approvals/:id` (allow)
//   → the command's own $EPOCHREALTIME (both CLOCK_REALTIME, one machine):
//   the web app records it and NOTIFYs, the runner hears it and answers the
//   CLI on stdin, the CLI spawns the shell;
// - the POST's own round trip.
import { readFile, mkdtemp, rm, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startArborTree } from "@/bench/lib/arbor-tree";
import { writeDocSection } from "@/bench/lib/doc-section";
import { sleep } from "@/bench/lib/runner-process";
import { fmtMs, loadAverage, monoNowMs, summarize, writeResult, type Summary } from "@/bench/lib/stats";
import { watchStatuses } from "@/bench/lib/status-watch";
import { freePort } from "@/test/support/app-server";
import { claudeTestEnv, isToolResultTurn, startMessagesApi, type RecordedRequest } from "@/test/support/messages-api";
import { currentTurn } from "@/test/support/turn-script";

const args = process.argv.slice(2);
const value = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const RUNS = value("--runs", 30);
const WARMUP = value("--warmup", 3);
const wallNowMs = () => performance.timeOrigin + performance.now();

async function main() {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "arbor-bench-approvals-"));
  const stamps = path.join(tmp, "stamps");
  await mkdir(stamps, { recursive: true });
  const asked = new Map<string, number>();
  const api = await startMessagesApi({
    script: (request: RecordedRequest) => {
      const round = /approve round (\d+)/.exec(currentTurn(request).prompt)?.[1];
      if (!round || isToolResultTurn(request)) return { kind: "text", text: "Done." };
      asked.set(round, monoNowMs());
      return {
        kind: "tool_use",
        calls: [{ name: "Bash", input: { command: `printf %s "$EPOCHREALTIME" > ${path.join(stamps, round)}`, description: "stamp" } }],
      };
    },
  });
  const [port, dbPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = { ...process.env, ...claudeTestEnv(api, path.join(tmp, "claude-config")) };
  delete env.ANTHROPIC_AUTH_TOKEN;
  delete env.DATABASE_URL;
  Object.assign(env, { ARBOR_DATA_DIR: path.join(tmp, "data"), PORT: String(port), ARBOR_DB_PORT: String(dbPort) });
  const tree = await startArborTree({ port, env });
  const watch = await watchStatuses(tree.url);
  const post = async (url: string, body: unknown) => {
    const response = await fetch(`${tree.url}${url}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const samples = { shown: [] as number[], toTool: [] as number[], post: [] as number[] };
  try {
    const issue = await post("/api/issues", { title: "Bench: approvals" });
    let last: string | null = null;
    for (let round = 0; round < WARMUP + RUNS; round++) {
      const prompt = `approve round ${round}`;
      const execution =
        last === null ? await post("/api/executions", { issueId: issue.id, prompt }) : await post(`/api/executions/${last}/continue`, { prompt });
      const id = execution.id as string;
      const waiting = await watch.waitingSeen(id);
      const decidedAt = wallNowMs();
      const sentAt = monoNowMs();
      await post(`/api/approvals/${waiting.approvalId}`, { decision: "allow", decidedBy: "bench" });
      const postMs = monoNowMs() - sentAt;
      const started = await waitForStamp(path.join(stamps, String(round)));
      await watch.ended(id);
      last = id;
      if (round < WARMUP) continue;
      samples.shown.push(waiting.at - asked.get(String(round))!);
      samples.toTool.push(started - decidedAt);
      samples.post.push(postMs);
    }
  } finally {
    await watch.close();
    await tree.stop();
    await api.close();
    await rm(tmp, { recursive: true, force: true });
  }
  const result = {
    runs: RUNS,
    warmup: WARMUP,
    load: loadAverage(),
    askedToShown: summarize(samples.shown),
    decisionToTool: summarize(samples.toTool),
    decisionPost: summarize(samples.post),
    at: new Date().toISOString(),
  };
  writeResult("approvals", result);
  writeDocSection("approvals", render(result));
  console.log(render(result));
}

/** The command's $EPOCHREALTIME ("seconds.microseconds") as epoch ms, once its file is written. */
async function waitForStamp(file: string): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const text = await readFile(file, "utf8").catch(() => "");
    if (/^\d+[.,]\d+$/.test(text.trim())) return Number(text.trim().replace(",", ".")) * 1000;
    if (Date.now() > deadline) throw new Error(`no stamp in ${file}`);
    await sleep(2);
  }
}

function row(label: string, s: Summary, target = ""): string {
  return `| ${label} | ${fmtMs(s.p50)} | ${fmtMs(s.p95)} | ${fmtMs(s.min)} | ${fmtMs(s.max)} | ${target} |`;
}

function render(r: { runs: number; warmup: number; load: number; askedToShown: Summary; decisionToTool: Summary; decisionPost: Summary; at: string }): string {
  return `## People in the loop: approvals (bench/approvals.ts)

\`npx tsx --conditions=react-server bench/approvals.ts --runs ${r.runs} --warmup ${r.warmup}\` — \`npm start\` in a temporary data directory, the real
Claude Code CLI against the Messages-API stand-in, each turn asking to run one Bash command that stamps its own start (\`$EPOCHREALTIME\`);
the first round a new run, the rest Continues on its warm process. ${r.runs} rounds after ${r.warmup} warm-up, load ${r.load}, ${r.at.slice(0, 10)}.

| ms | p50 | p95 | min | max | target |
| --- | --- | --- | --- | --- | --- |
${row("decision → the tool starts (POST /api/approvals/:id → the command's first instruction)", r.decisionToTool, "p50 ≤ 50")}
${row("the decision's POST round trip", r.decisionPost)}
${row("asked → on the page (the CLI gets the tool call → the status stream says it waits)", r.askedToShown)}

The decision's path: the web app updates the approval (only while pending: one decision wins) and sends \`NOTIFY arbor_approval_decided\`
in the same transaction; the runner that owns the agent hears it, reads the decision and writes Claude Code's \`control_response\` to its
stdin; the CLI then spawns the shell. "Asked → on the page" includes the CLI's own work between the model's reply and its question.`;
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
