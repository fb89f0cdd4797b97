// arbor search "text" [--limit N] [--json] → GET /api/search

import type { Command } from "../args";
import { println, type Context } from "../context";
import { renderSearchResults, type SearchGroupItem } from "../render/search";

export async function searchCommand(ctx: Context, cmd: Extract<Command, { name: "search" }>): Promise<number> {
  const query = new URLSearchParams({ q: cmd.q });
  if (cmd.limit !== undefined) query.set("limit", String(cmd.limit));
  const body = await ctx.api.get<{ hitCount?: number; groups?: SearchGroupItem[] }>(`/api/search?${query.toString()}`);
  if (cmd.json) {
    println(ctx.stdout, JSON.stringify(body));
    return 0;
  }
  const groups = Array.isArray(body?.groups) ? body.groups : [];
  if (groups.length === 0) {
    println(ctx.stdout, `Nothing matches "${cmd.q}".`);
    return 0;
  }
  println(
    ctx.stdout,
    renderSearchResults(groups, ctx.style, (href) => ctx.api.url(href)),
  );
  return 0;
}
