// arbor tree ISSUE → GET /api/issues/:id/session-tree

import type { Command } from "../args";
import { println, seg, type Context } from "../context";
import { paint } from "../render/style";
import { countNodes, renderTree, treeRoots } from "../render/tree";

export async function treeCommand(ctx: Context, cmd: Extract<Command, { name: "tree" }>): Promise<number> {
  const body = await ctx.api.get<unknown>(`/api/issues/${seg(cmd.issueId)}/session-tree`);
  if (cmd.json) {
    println(ctx.stdout, JSON.stringify(body));
    return 0;
  }
  const roots = treeRoots(body);
  if (roots.length === 0) {
    println(ctx.stdout, `No executions for ${cmd.issueId} yet.`);
    return 0;
  }
  const n = countNodes(roots);
  println(ctx.stdout, paint(ctx.style, `Session tree for ${cmd.issueId} (${n} execution${n === 1 ? "" : "s"})`, "bold"));
  println(ctx.stdout, renderTree(roots, ctx.style));
  return 0;
}
