// arbor diff <exec> [other] → GET /api/executions/:id/diff, or GET /api/compare/diff?a=&b=

import type { DiffResult } from "@/lib/diff/schema";
import type { DiffCommand } from "../project-args";
import { println, seg, type Context } from "../context";
import { renderDiffFiles, renderPatch } from "../render/diff";
import { paint } from "../render/style";
import { resolveExecutionId } from "../execution-ref";

export async function diffCommand(ctx: Context, cmd: DiffCommand): Promise<number> {
  const id = await resolveExecutionId(ctx, cmd.executionId);
  const other = cmd.otherId === undefined ? undefined : await resolveExecutionId(ctx, cmd.otherId);
  const diff = other
    ? await ctx.api.get<DiffResult>(`/api/compare/diff?a=${encodeURIComponent(id)}&b=${encodeURIComponent(other)}`)
    : await ctx.api.get<DiffResult>(`/api/executions/${seg(id)}/diff`);
  if (cmd.json) {
    println(ctx.stdout, JSON.stringify(diff));
    return 0;
  }
  const what = other ? `${id.slice(0, 8)}'s snapshot → ${other.slice(0, 8)}'s snapshot` : `${id.slice(0, 8)}: start → snapshot`;
  println(ctx.stdout, paint(ctx.style, `${what} (${diff.from.slice(0, 12)}..${diff.to.slice(0, 12)})`, "dim"));
  println(ctx.stdout, renderDiffFiles(diff, ctx.style));
  if (!cmd.stat && diff.patch) {
    println(ctx.stdout, "");
    println(ctx.stdout, renderPatch(diff, ctx.style));
  }
  return 0;
}
