import "server-only";
import { notFound, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { approvalInclude, type ApprovalRow } from "@/server/approvals/approval-dto";

const APPROVAL_ID = /^apr-(\d{1,9})$/i;

/** "APR-12", "apr-12" or "12" → "APR-12"; null when it cannot be an approval's id. */
export function parseApprovalId(raw: string): string | null {
  const text = raw.trim();
  const number = /^\d{1,9}$/.test(text) ? text : APPROVAL_ID.exec(text)?.[1];
  return number ? `APR-${Number(number)}` : null;
}

export async function findApproval(raw: string): Promise<Result<ApprovalRow>> {
  const id = parseApprovalId(raw);
  const row = id ? await prisma.approval.findUnique({ where: { id }, include: approvalInclude }) : null;
  return row ? ok(row) : notFound(`There is no approval ${raw.slice(0, 40)} (approvals are named like APR-12)`);
}
