import type { Execution } from "@/server/generated/prisma/client";
import { needsLiveChannel, type PlannedTurn } from "@/server/runner/plan-turn";
import type { TurnAgent } from "@/server/runner/warm/turn-agent";
import { sendWebhook, type WebhookConfig } from "@/server/notifications/send-webhook";
import { TurnApprovals } from "@/server/runner/approvals/turn-approvals";

/**
 * The turn's approvals when its policy has the agent ask a person (ask, plan)
 * and the agent has a live channel for it; null otherwise (nothing to answer).
 */
export type ApprovalsContext = {
  runnerId: string;
  /** Approvals waiting for a person on this runner's turns, by id (a decision's NOTIFY finds its turn here). */
  approvals: Map<string, TurnApprovals>;
  approvalTimeoutMs: number | null;
  webhook: WebhookConfig | null;
  log: (line: string) => void;
};

export function turnApprovalsFor(
  ctx: ApprovalsContext,
  options: {
    execution: Execution;
    turn: Extract<PlannedTurn, { ok: true }>;
    agent: TurnAgent;
    note: (kind: string, data: Record<string, unknown>, searchText: string) => void;
    sessionId: () => string | null;
  },
): TurnApprovals | null {
  const { execution, turn, agent } = options;
  const protocol = turn.prepared.agent.permissions?.approvals;
  if (!protocol || !turn.permissions || !needsLiveChannel(turn.prepared.agent, turn.permissions)) return null;
  return new TurnApprovals({
    execution: { id: execution.id, issueId: execution.issueId, projectId: execution.projectId, agent: execution.agent },
    runnerId: ctx.runnerId,
    protocol,
    permissions: turn.permissions,
    write: (text) => agent.writeInput(text),
    note: options.note,
    sessionId: options.sessionId,
    registry: ctx.approvals,
    timeoutMs: ctx.approvalTimeoutMs,
    webhook: (event) => sendWebhook(ctx.webhook, event, ctx.log),
    log: ctx.log,
  });
}
