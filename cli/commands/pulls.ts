// arbor push <id> → POST /api/executions/:id/push
// arbor pr <id> [--title …] [--body …] → POST /api/executions/:id/pull-request
// arbor pr status <id> → GET /api/executions/:id/pull-request

import type { ExecutionDto } from "@/lib/executions/schema";
import type { PullRequest } from "@/lib/pulls/schema";
import type { PrCommand, PushCommand } from "../pull-args";
import { println, seg, type Context } from "../context";
import { resolveExecutionId } from "../execution-ref";
import { renderPullRequest } from "../render/pull-request";

export async function pushCommand(ctx: Context, cmd: PushCommand): Promise<number> {
  const id = await resolveExecutionId(ctx, cmd.executionId);
  const execution = await ctx.api.post<ExecutionDto>(`/api/executions/${seg(id)}/push`, {});
  if (cmd.json) println(ctx.stdout, JSON.stringify(execution));
  else if (execution.pushed) {
    const p = execution.pushed;
    println(ctx.stdout, `Pushed ${p.branch} to ${p.remote} at ${p.commit.slice(0, 12)}`);
  }
  return 0;
}

export async function prCommand(ctx: Context, cmd: PrCommand): Promise<number> {
  const id = await resolveExecutionId(ctx, cmd.executionId);
  const path = `/api/executions/${seg(id)}/pull-request`;
  const pr =
    cmd.action === "status"
      ? await ctx.api.get<PullRequest>(path)
      : await ctx.api.post<PullRequest>(path, {
          ...(cmd.title !== undefined ? { title: cmd.title } : {}),
          ...(cmd.body !== undefined ? { body: cmd.body } : {}),
        });
  if (cmd.json) {
    println(ctx.stdout, JSON.stringify(pr));
    return 0;
  }
  println(ctx.stdout, renderPullRequest(pr, ctx.style, { details: cmd.action === "status" }));
  if (cmd.action === "status" && (pr.reviewCommentCount > 0 || pr.ciStatus === "failure")) {
    println(ctx.stdout, `Carry it back to the session: arbor continue ${cmd.executionId} --with-review`);
  }
  return 0;
}
