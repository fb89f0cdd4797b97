// arbor apply <exec> [--merge] [--message …] [--yes] → GET /api/executions/:id/apply-preview, then POST …/apply

import type { ApplyPreview, ApplyResult } from "@/lib/diff/schema";
import type { ApplyCommand } from "../project-args";
import { println, seg, type Context } from "../context";
import { ApiError } from "@/lib/api-error";
import { resolveExecutionId } from "../execution-ref";
import { renderApplyPreview } from "../render/apply-preview";

/**
 * Shows what the base branch will receive (the preview), then asks before
 * applying: on a terminal, a y/N question; elsewhere only with --yes, so a
 * script never changes a branch by accident. Conflicts and what would make
 * Apply refuse are said with the next steps, and nothing is applied.
 */
export async function applyCommand(ctx: Context, cmd: ApplyCommand): Promise<number> {
  const id = await resolveExecutionId(ctx, cmd.executionId);
  const preview = await ctx.api.get<ApplyPreview>(`/api/executions/${seg(id)}/apply-preview`);
  if (!cmd.json) println(ctx.stdout, renderApplyPreview(preview, ctx.style, { stat: cmd.stat }));
  if (preview.merge === "up_to_date") {
    if (cmd.json) println(ctx.stdout, JSON.stringify(preview));
    return 0;
  }
  if (preview.merge === "conflicts" || preview.blocked) {
    if (cmd.json) println(ctx.stdout, JSON.stringify(preview));
    println(
      ctx.stderr,
      `arbor: not applied: ${preview.merge === "conflicts" ? `it conflicts with ${preview.baseBranch} (next steps above)` : preview.blocked!.message}`,
    );
    return 1;
  }
  if (!cmd.yes) {
    const answer = cmd.json ? null : ((await ctx.ask?.(`Apply to ${preview.baseBranch} (${cmd.strategy})? [y/N] `)) ?? null);
    if (answer === null) {
      if (cmd.json) println(ctx.stdout, JSON.stringify(preview));
      println(
        ctx.stderr,
        `arbor: not applied: there is no terminal to confirm on. Look at the preview, then run it again with --yes to apply to ${preview.baseBranch}.`,
      );
      return 1;
    }
    if (!/^y(es)?$/i.test(answer.trim())) {
      println(ctx.stderr, "arbor: not applied.");
      return 1;
    }
  }
  let result: ApplyResult;
  try {
    result = await ctx.api.post<ApplyResult>(`/api/executions/${seg(id)}/apply`, {
      strategy: cmd.strategy,
      ...(cmd.message !== undefined ? { message: cmd.message } : {}),
    });
  } catch (error) {
    // Conflicts (the base branch moved since the preview): the message names the first files; list them all.
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
