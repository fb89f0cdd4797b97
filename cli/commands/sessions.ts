// arbor sessions [--q TEXT] [--agent NAME] [--archived] → GET /api/sessions

import type { Command } from "../args";
import { println, type Context } from "../context";
import { listItems } from "../render/list";
import { renderSessionList, type SessionItem } from "../render/sessions";

export async function sessionsCommand(ctx: Context, cmd: Extract<Command, { name: "sessions" }>): Promise<number> {
  const query = new URLSearchParams();
  if (cmd.q) query.set("q", cmd.q);
  if (cmd.agent) query.set("agent", cmd.agent);
  query.set("archived", cmd.archived ? "all" : "false");
  const body = await ctx.api.get<unknown>(`/api/sessions?${query.toString()}`);
  const items = listItems(body).filter((i): i is SessionItem => Boolean(i) && typeof (i as SessionItem).id === "string");
  if (cmd.json) {
    println(ctx.stdout, JSON.stringify(items));
    return 0;
  }
  if (items.length === 0) {
    println(ctx.stdout, cmd.q || cmd.agent ? "No sessions match." : cmd.archived ? "No sessions." : "No active sessions (--archived shows archived ones).");
    return 0;
  }
  println(ctx.stdout, renderSessionList(items, ctx.style));
  return 0;
}
