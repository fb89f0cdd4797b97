import "server-only";
import type { Approval, ApprovalScope, DecideApprovalData } from "@/lib/approvals/schema";
import { conflict, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { announce, notice } from "@/server/realtime/announce";
import { refreshWaitingFor } from "@/server/approvals/record-approval-request";
import { approvalInclude, toApprovalDto, type ApprovalRow } from "@/server/approvals/approval-dto";
import { findApproval, parseApprovalId } from "@/server/approvals/find-approval";
import { recordDecision, type Decision } from "@/server/approvals/record-decision";
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
  const approvalId = parseApprovalId(raw);
  const allow = input.decision === "allow";
  const decision = {
    approvalId: approvalId ?? "",
    allow,
    scope: allow ? (input.scope ?? "once") : ("once" as const),
    message: input.message || null,
    answers: allow && input.answers ? input.answers : null,
    decidedBy: input.decidedBy || "someone",
  };
  // "In this project" also changes the project's policy: a transaction of its own (rare, not on the hot path).
  const decided = !approvalId ? null : decision.scope === "project" ? await decideForProject(decision) : await recordDecision(decision);
  if (decided) return ok(toApprovalDto(decided));
  // Nothing pending by that id: unknown (404), or decided already (409 naming how).
  const now = await findApproval(raw);
  return now.ok ? alreadyDecided(now.value) : now;
}

/** A decision whose rules go into the project's policy: the approval, the rules and the NOTIFYs in one transaction. */
async function decideForProject(decision: Decision): Promise<ApprovalRow | null> {
  return prisma.$transaction(async (tx) => {
    const approval = await tx.approval.findUnique({ where: { id: decision.approvalId } });
    if (approval?.status !== "pending") return null;
    const scope: ApprovalScope = approval.kind === "tool" ? "project" : "once";
    const remembered = scope === "project" ? rulesToRemember(approval) : [];
    const updated = await tx.approval.updateMany({
      where: { id: approval.id, status: "pending" },
      data: {
        status: "allowed",
        scope,
        rememberedRules: remembered,
        message: decision.message,
        answers: decision.answers ?? undefined,
        decidedBy: decision.decidedBy,
        decidedAt: new Date(),
      },
    });
    if (updated.count === 0) return null;
    await addProjectRules(tx, approval.projectId, remembered);
    // Delivered at commit: the runner answers the process; open pages see the execution stop waiting.
    await announce(tx, notice.approvalDecided(approval.id));
    await refreshWaitingFor(tx, approval.executionId);
    return tx.approval.findUniqueOrThrow({ where: { id: approval.id }, include: approvalInclude });
  });
}

/** What "for this session / in this project" remembers: the agent's suggestion, else the whole tool. */
function rulesToRemember(approval: Pick<ApprovalRow, "suggestedRules" | "toolName">): string[] {
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
