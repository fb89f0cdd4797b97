// arbor issues / arbor specs → GET /api/issues, GET /api/specs

import type { Command } from "../args";
import { println, type Context } from "../context";
import { listItems, renderList } from "../render/list";

export async function listCommand(ctx: Context, cmd: Extract<Command, { name: "issues" | "specs" }>): Promise<number> {
  const body = await ctx.api.get<unknown>(`/api/${cmd.name}`);
  const items = listItems(body, cmd.name);
  if (cmd.json) {
    println(ctx.stdout, JSON.stringify(items));
    return 0;
  }
  if (items.length === 0) {
    println(ctx.stdout, `No ${cmd.name}.`);
    return 0;
  }
  println(ctx.stdout, renderList(items, ctx.style));
  return 0;
}
