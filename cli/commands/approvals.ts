// arbor inbox [--all]                                   → GET /api/approvals?status=pending (or all)
// arbor approve <APR> [--session|--project] [--answer "question=answer"]… [-m "…"]  → POST /api/approvals/:id {decision: allow}
// arbor deny <APR> [-m "why"]                            → POST /api/approvals/:id {decision: deny}

import type { ApprovalCommand } from "../approval-args";
import { personName, println, seg, type Context } from "../context";
import { renderDecided, renderPendingApproval, type ApprovalItem } from "../render/approvals";

export async function inboxCommand(ctx: Context, cmd: Extract<ApprovalCommand, { name: "inbox" }>): Promise<number> {
  const list = await ctx.api.get<{ approvals?: ApprovalItem[]; pendingCount?: number }>(`/api/approvals?status=${cmd.all ? "all" : "pending"}`);
  if (cmd.json) {
    println(ctx.stdout, JSON.stringify(list, null, 2));
    return 0;
  }
  const approvals = list.approvals ?? [];
  if (approvals.length === 0) {
    println(ctx.stdout, cmd.all ? "No approvals yet." : "Nothing waits for you.");
    return 0;
  }
  for (const approval of approvals) {
    if (approval.status === "pending") println(ctx.stdout, [...renderPendingApproval(approval, ctx.style), ""]);
    else println(ctx.stdout, renderDecided(approval, ctx.style));
  }
  return 0;
}

export async function decideCommand(ctx: Context, cmd: Extract<ApprovalCommand, { name: "approve" | "deny" }>): Promise<number> {
  const body =
    cmd.name === "approve"
      ? { decision: "allow", scope: cmd.scope, ...(cmd.answers ? { answers: cmd.answers } : {}), ...(cmd.message ? { message: cmd.message } : {}) }
      : { decision: "deny", ...(cmd.message ? { message: cmd.message } : {}) };
  const decided = await ctx.api.post<ApprovalItem>(`/api/approvals/${seg(cmd.approvalId.trim())}`, { ...body, decidedBy: personName(ctx) });
  println(ctx.stdout, cmd.json ? JSON.stringify(decided, null, 2) : renderDecided(decided, ctx.style));
  return 0;
}
