// arbor stats [--issue ISSUE-n] [--since 7d] … → GET /api/insights, printed as tables

import type { InsightsDto } from "@/lib/insights/schema";
import type { Command } from "../args";
import { println, type Context } from "../context";
import { renderStats } from "../render/stats";

export async function statsCommand(ctx: Context, cmd: Extract<Command, { name: "stats" }>): Promise<number> {
  const query = new URLSearchParams(cmd.filters);
  const insights = await ctx.api.get<InsightsDto>(`/api/insights${query.size ? `?${query.toString()}` : ""}`);
  println(ctx.stdout, cmd.json ? JSON.stringify(insights) : renderStats(insights, ctx.style));
  return 0;
}
