import "server-only";
import type { Approval } from "@/lib/approvals/schema";
import { ok, type Result } from "@/lib/result";
import { toApprovalDto } from "@/server/approvals/approval-dto";
import { findApproval } from "@/server/approvals/find-approval";

export async function getApproval(raw: string): Promise<Result<Approval>> {
  const found = await findApproval(raw);
  return found.ok ? ok(toApprovalDto(found.value)) : found;
}
