// Runners (issue 24):
//   arbor runners [--json]           → GET /api/runners: host, state, agents, load, queued, warm, sessions held, heartbeat
//   arbor runner drain <id> [--json] → POST /api/runners/:id/drain: no new turns; running ones finish, warm sessions released

import type { RunnerCommand } from "../runner-args";
import { println, seg, type Context } from "../context";
import { paint, type Style } from "../render/style";
import { formatRunnerTable } from "../render/runners";
import type { DrainResponse, RunnerDto, RunnerList } from "@/lib/runners/schema";

function asRunners(body: unknown): RunnerDto[] {
  const items = body && typeof body === "object" ? (body as Partial<RunnerList>).items : undefined;
  return Array.isArray(items) ? items.filter((r): r is RunnerDto => Boolean(r) && typeof r.id === "string") : [];
}

export async function runnersCommand(ctx: Context, cmd: RunnerCommand): Promise<number> {
  if (cmd.name === "runners") {
    const runners = asRunners(await ctx.api.get<RunnerList>("/api/runners"));
    if (cmd.json) println(ctx.stdout, JSON.stringify({ items: runners }));
    else println(ctx.stdout, runners.length ? formatRunnerTable(runners, ctx.style) : "No runner has started yet (npm start starts one).");
    return 0;
  }
  const answer = await ctx.api.post<DrainResponse>(`/api/runners/${seg(cmd.runnerId)}/drain`, {});
  const runner = answer?.runner;
  if (!runner || typeof runner.id !== "string") throw new Error("unexpected answer from the drain: no runner");
  if (cmd.json) println(ctx.stdout, JSON.stringify(answer));
  else println(ctx.stdout, drainLines(runner, ctx.style));
  return 0;
}

/** What happens next, in the runner's own terms. */
function drainLines(runner: RunnerDto, style: Style): string[] {
  if (runner.state === "drained")
    return [`Runner ${runner.id} (${runner.hostname}) is ${paint(style, "drained", "bold")} already: it holds nothing and takes no turns.`];
  return [
    `Runner ${runner.id} (${runner.hostname}) is ${paint(style, "draining", "bold")}: it takes no new turns.`,
    `  ${runner.running} running turn(s) finish there, then its ${runner.warmSessions} warm session(s) are released;`,
    `  the ${runner.queued} turn(s) queued for it go to the other runners.`,
    `  \`arbor runners\` shows it "drained" once it holds nothing; then its machine can be retired (stop its runner).`,
  ];
}
