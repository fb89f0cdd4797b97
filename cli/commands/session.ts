// arbor session <SESS> → GET /api/sessions/:ref (+ GET /api/references?target= for "Referenced by")
// arbor session <SESS> --poison [--note "why"] | --unpoison → PATCH /api/sessions/:ref {poisoned, poisonNote?} first
// arbor session <SESS> --no-warm | --warm → PATCH /api/sessions/:ref {keepWarm} first (with --poison: one PATCH)

import type { Command } from "../args";
import { println, seg, type Context } from "../context";
import { renderSessionDetail, type BacklinkItem, type SessionDetailItem } from "../render/sessions";

export async function sessionCommand(ctx: Context, cmd: Extract<Command, { name: "session" }>): Promise<number> {
  const path = `/api/sessions/${seg(cmd.sessionId.trim())}`;
  // --poison / --unpoison: PATCH first; the page printed is the session as it now is.
  const patch = {
    ...(cmd.poison ? { poisoned: cmd.poison === "mark", ...(cmd.note !== undefined ? { poisonNote: cmd.note } : {}) } : {}),
    ...(cmd.keepWarm !== undefined ? { keepWarm: cmd.keepWarm } : {}),
  };
  const session = Object.keys(patch).length ? await ctx.api.request<SessionDetailItem>("PATCH", path, patch) : await ctx.api.get<SessionDetailItem>(path);
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
