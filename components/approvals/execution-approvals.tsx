"use client";

import { useApprovals } from "@/lib/approvals/hooks";
import { ApprovalCard } from "./approval-card";

/** The approvals an execution waits on, as cards at the top of its page (nothing when it waits on none). */
export function ExecutionApprovals({ executionId, waiting }: { executionId: string; waiting: boolean }) {
  const query = useApprovals({ status: "pending", executionId });
  const approvals = query.data?.approvals ?? [];
  if (!waiting && approvals.length === 0) return null;
  return (
    <div className="space-y-3" aria-live="polite">
      {approvals.map((approval) => (
        <ApprovalCard key={approval.id} approval={approval} />
      ))}
    </div>
  );
}
