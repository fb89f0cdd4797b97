import type { EffectivePermissions } from "@/lib/permissions/schema";
import type { AgentDefinition } from "@/server/agents/types";
import type { Execution } from "@/server/generated/prisma/client";
import { sendWebhook, type WebhookConfig } from "@/server/notifications/send-webhook";
import { needsLiveChannel } from "@/server/runner/approvals/live-channel";
import { TurnApprovals } from "@/server/runner/approvals/turn-approvals";

/** What the runner keeps for its turns' approvals (part of its context, execute-job.ts). */
export type ApprovalsContext = {
  runnerId: string;
  /** Approvals waiting for a person on this runner's turns, by id (a decision's NOTIFY finds its turn here). */
  approvals: Map<string, TurnApprovals>;
  approvalTimeoutMs: number | null;
  webhook: WebhookConfig | null;
  log: (line: string) => void;
};

/**
 * The turn's approvals when its policy has the agent ask a person (ask, plan)
 * and the agent has a live channel for it; null otherwise (nothing to answer).
 */
export function turnApprovalsFor(
  ctx: ApprovalsContext,
  options: {
    execution: Execution;
    /** The agent that runs the turn, and the policy it runs under. */
    agent: AgentDefinition;
    permissions: EffectivePermissions | null;
    /** Writes to the agent's stdin (an answer); false when it no longer reads. */
    write: (text: string) => boolean;
    note: (kind: string, data: Record<string, unknown>, searchText: string) => void;
    sessionId: () => string | null;
  },
): TurnApprovals | null {
  const { execution, agent, permissions } = options;
  const protocol = agent.permissions?.approvals;
  if (!protocol || !permissions || !needsLiveChannel(agent, permissions)) return null;
  return new TurnApprovals({
    execution: { id: execution.id, issueId: execution.issueId, projectId: execution.projectId, agent: execution.agent },
    runnerId: ctx.runnerId,
    protocol,
    permissions,
    write: options.write,
    note: options.note,
    sessionId: options.sessionId,
    registry: ctx.approvals,
    timeoutMs: ctx.approvalTimeoutMs,
    webhook: (event) => sendWebhook(ctx.webhook, event, ctx.log),
    log: ctx.log,
  });
}
