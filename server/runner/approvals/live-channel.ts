import { randomUUID } from "node:crypto";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import type { AgentDefinition } from "@/server/agents/types";

// A person answers an agent's questions over the agent's stdin (its
// ApprovalProtocol): whether a turn needs that channel, and what the process
// must read before the turn's message to open it.

/** Whether the turn's policy has the agent ask a person (ask, plan) through its live approval channel. */
export function needsLiveChannel(agent: { permissions?: { approvals?: unknown } }, permissions: EffectivePermissions | null): boolean {
  return agent.permissions?.approvals !== undefined && (permissions?.mode === "ask" || permissions?.mode === "plan");
}

/** What a process must read before the turn's message: the approval channel's opening, when the turn has one. */
export function openingLines(agent: AgentDefinition, permissions: EffectivePermissions | null): string[] {
  const approvals = agent.permissions?.approvals;
  return approvals?.initialize && needsLiveChannel(agent, permissions) ? [approvals.initialize(randomUUID())] : [];
}
