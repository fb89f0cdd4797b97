// arbor cancel <executionId> → POST /api/executions/:id/cancel

import type { Command } from "../args";
import { println, seg, type Context } from "../context";
import { renderStatus } from "../render/execution";

export async function cancelCommand(ctx: Context, cmd: Extract<Command, { name: "cancel" }>): Promise<number> {
  const res = await ctx.api.post<unknown>(`/api/executions/${seg(cmd.executionId)}/cancel`);
  if (cmd.json) {
    println(ctx.stdout, JSON.stringify(res ?? { id: cmd.executionId }));
    return 0;
  }
  const status = res && typeof res === "object" ? (res as { status?: unknown }).status : undefined;
  if (typeof status === "string") println(ctx.stdout, `Execution ${cmd.executionId} ${renderStatus(status, ctx.style)}`);
  else println(ctx.stdout, `Cancellation requested for execution ${cmd.executionId}`);
  return 0;
}
