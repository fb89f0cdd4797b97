// arbor cancel <executionId> → POST /api/executions/:id/cancel

import type { Command } from "../args";
import { println, seg, type Context } from "../context";
import { renderStatus } from "../render/execution";
import { resolveExecutionId } from "../execution-ref";

export async function cancelCommand(ctx: Context, cmd: Extract<Command, { name: "cancel" }>): Promise<number> {
  const id = await resolveExecutionId(ctx, cmd.executionId);
  const res = await ctx.api.post<unknown>(`/api/executions/${seg(id)}/cancel`);
  if (cmd.json) {
    println(ctx.stdout, JSON.stringify(res ?? { id }));
    return 0;
  }
  const status = res && typeof res === "object" ? (res as { status?: unknown }).status : undefined;
  if (typeof status === "string") println(ctx.stdout, `Execution ${id} ${renderStatus(status, ctx.style)}`);
  else println(ctx.stdout, `Cancellation requested for execution ${id}`);
  return 0;
}
