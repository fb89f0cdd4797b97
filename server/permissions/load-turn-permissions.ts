import "server-only";
import type { EffectivePermissions, PermissionPolicy, PermissionPolicyInput } from "@/lib/permissions/schema";
import type { AgentDefinition } from "@/server/agents/types";
import type { Execution } from "@/server/generated/prisma/client";
import { readProjectPolicy } from "@/server/permissions/read-project-policy";
import { rememberedRules } from "@/server/permissions/remembered-rules";
import { resolvePermissions } from "@/server/permissions/resolve-permissions";

type TurnExecution = Pick<Execution, "agent" | "requestedPermissions" | "projectId" | "parentExecutionId" | "targetSessionId">;

/** What a turn's policy is settled from besides its request: its project's policy and its session's remembered rules. */
export type TurnPolicyInputs = {
  /** Whom they were read for: only a turn of this project, agent and session may use them. */
  for: { projectId: string | null; agent: string; session: string | null };
  read: Promise<{ project: PermissionPolicy | null; remembered: string[] }>;
};

/** Reads them (two queries side by side); a warm Continue starts this as it is asked for, off its path. */
export function readTurnPolicyInputs(projectId: string | null, agent: string, session: string | null): TurnPolicyInputs {
  const read = Promise.all([readProjectPolicy(projectId), rememberedRules(agent, session)]).then(([project, remembered]) => ({ project, remembered }));
  // A read nobody takes (its turn went another way) must not surface as an unhandled rejection.
  read.catch(() => {});
  return { for: { projectId, agent, session }, read };
}

/**
 * The policy a turn runs under, settled by its runner right before the
 * launch: what its request asked, its project's policy as it is now, and the
 * rules people allowed for the session it continues. A policy the agent
 * cannot honour any more (the project changed since the API checked) fails
 * the turn with the same sentence the API would have given. `early` is what a
 * warm Continue read as it was asked for (a second or two before): used when
 * it was read for this turn's project, agent and session.
 */
export async function loadTurnPermissions(
  execution: TurnExecution,
  agent: AgentDefinition,
  early?: TurnPolicyInputs,
): Promise<{ ok: true; permissions: EffectivePermissions | null } | { ok: false; message: string }> {
  // A Continue runs in its parent's session: the rules allowed for that session go with it.
  const session = execution.parentExecutionId ? execution.targetSessionId : null;
  const fits = early && early.for.projectId === execution.projectId && early.for.agent === execution.agent && early.for.session === session;
  const { project, remembered } = await (fits ? early.read : readTurnPolicyInputs(execution.projectId, execution.agent, session).read);
  return resolvePermissions({
    agentName: agent.displayName,
    agent: agent.permissions,
    requested: (execution.requestedPermissions as PermissionPolicyInput | null) ?? null,
    project,
    remembered,
  });
}
