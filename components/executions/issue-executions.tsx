"use client";

import { ExecutionHistory } from "@/components/executions/execution-history";
import { RunAgentForm } from "@/components/executions/run-agent-form";

export function IssueExecutions({ issueId }: { issueId: string }) {
  return (
    <div className="space-y-4">
      <RunAgentForm issueId={issueId} />
      <ExecutionHistory issueId={issueId} />
    </div>
  );
}
