// arbor session <SESS> → GET /api/sessions/:ref (+ GET /api/references?target= for "Referenced by")

import type { Command } from "../args";
import { println, seg, type Context } from "../context";
import { renderSessionDetail, type BacklinkItem, type SessionDetailItem } from "../render/sessions";

export async function sessionCommand(ctx: Context, cmd: Extract<Command, { name: "session" }>): Promise<number> {
  const session = await ctx.api.get<SessionDetailItem>(`/api/sessions/${seg(cmd.sessionId.trim())}`);
  const backlinks = await ctx.api
    .get<{ items?: BacklinkItem[] }>(`/api/references?target=${encodeURIComponent(session.id)}`)
    .then((b) => (Array.isArray(b?.items) ? b.items : []))
    .catch(() => [] as BacklinkItem[]);
  if (cmd.json) {
    println(ctx.stdout, JSON.stringify({ ...session, referencedBy: backlinks }));
    return 0;
  }
  println(ctx.stdout, renderSessionDetail(session, ctx.style, backlinks));
  return 0;
}
