// arbor apply <exec> [--squash] [--message …] → POST /api/executions/:id/apply

import type { ApplyResult } from "@/lib/diff/types";
import type { ApplyCommand } from "../project-args";
import { println, seg, type Context } from "../context";
import { ApiError } from "@/lib/api-error";
import { resolveExecutionId } from "../execution-ref";

export async function applyCommand(ctx: Context, cmd: ApplyCommand): Promise<number> {
  const id = await resolveExecutionId(ctx, cmd.executionId);
  let result: ApplyResult;
  try {
    result = await ctx.api.post<ApplyResult>(`/api/executions/${seg(id)}/apply`, {
      strategy: cmd.squash ? "squash" : "merge",
      ...(cmd.message !== undefined ? { message: cmd.message } : {}),
    });
  } catch (error) {
    // Conflicts: the message names the first files; list them all.
    const files = error instanceof ApiError ? (error.details as { files?: unknown } | undefined)?.files : undefined;
    if (error instanceof ApiError && Array.isArray(files) && files.length > 0) {
      println(ctx.stderr, [`arbor: ${error.message}`, ...files.map((f) => `  ${String(f)}`)]);
      return 1;
    }
    throw error;
  }
  if (cmd.json) println(ctx.stdout, JSON.stringify(result));
  else if (result.status === "up_to_date")
    println(ctx.stdout, `${result.baseBranch} already has these changes: nothing to apply (at ${result.commit.slice(0, 12)})`);
  else
    println(
      ctx.stdout,
      `Applied ${result.executionId.slice(0, 8)} to ${result.baseBranch} (${result.strategy}): ${result.previousHead.slice(0, 12)} → ${result.commit.slice(0, 12)}`,
    );
  return 0;
}
