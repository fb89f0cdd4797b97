import "server-only";
import type { Approval, ApprovalScope, DecideApprovalData } from "@/lib/approvals/schema";
import { conflict, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { APPROVAL_DECIDED_CHANNEL } from "@/server/realtime/channels";
import { refreshWaitingFor } from "@/server/approvals/record-approval-request";
import { approvalInclude, toApprovalDto, type ApprovalRow } from "@/server/approvals/approval-dto";
import { findApproval } from "@/server/approvals/find-approval";
import { addProjectRules } from "@/server/permissions/add-project-rules";

/**
 * A person's decision on a pending approval. Exactly one decision wins: the
 * update only applies while the approval is pending, so a second decision (two
 * browsers at once, the CLI and a page) is a 409 naming the first. The runner
 * that owns the agent's process hears it (NOTIFY, delivered at commit) and
 * answers the process; "session" keeps the rules on the approval (the
 * session's later turns are launched with them), "project" adds them to the
 * project's policy.
 */
export async function decideApproval(raw: string, input: DecideApprovalData): Promise<Result<Approval>> {
  const found = await findApproval(raw);
  if (!found.ok) return found;
  const approval = found.value;
  if (approval.status !== "pending") return alreadyDecided(approval);

  const allow = input.decision === "allow";
  // A question's answer or a plan's approval holds for that request only.
  const scope: ApprovalScope = allow && approval.kind === "tool" ? (input.scope ?? "once") : "once";
  const remembered = scope === "once" ? [] : rulesToRemember(approval);
  const decided = await prisma.$transaction(async (tx) => {
    const updated = await tx.approval.updateMany({
      where: { id: approval.id, status: "pending" },
      data: {
        status: allow ? "allowed" : "denied",
        scope: allow ? scope : null,
        rememberedRules: remembered,
        message: input.message || null,
        answers: allow && input.answers ? input.answers : undefined,
        decidedBy: input.decidedBy || "someone",
        decidedAt: new Date(),
      },
    });
    if (updated.count === 0) return null;
    if (scope === "project") await addProjectRules(tx, approval.projectId, remembered);
    // Delivered at commit: the runner answers the process; open pages see the execution stop waiting.
    await tx.$executeRaw`SELECT pg_notify(${APPROVAL_DECIDED_CHANNEL}, ${approval.id})`;
    await refreshWaitingFor(tx, approval.executionId);
    return tx.approval.findUniqueOrThrow({ where: { id: approval.id }, include: approvalInclude });
  });
  if (!decided) {
    const now = await findApproval(approval.id);
    return now.ok ? alreadyDecided(now.value) : now;
  }
  return ok(toApprovalDto(decided));
}

/** What "for this session / in this project" remembers: the agent's suggestion, else the whole tool. */
function rulesToRemember(approval: ApprovalRow): string[] {
  return approval.suggestedRules.length > 0 ? approval.suggestedRules : [approval.toolName];
}

function alreadyDecided(approval: ApprovalRow): Result<Approval> {
  const how: Record<ApprovalRow["status"], string> = {
    pending: "is still pending",
    allowed: `was already allowed${approval.decidedBy ? ` by ${approval.decidedBy}` : ""}`,
    denied: `was already denied${approval.decidedBy ? ` by ${approval.decidedBy}` : ""}`,
    cancelled: "was cancelled (its run was cancelled)",
    expired: "expired (its run ended or its runner was lost before anyone decided)",
  };
  return conflict(`${approval.id} ${how[approval.status]}`, { status: approval.status, approval: toApprovalDto(approval) });
}
