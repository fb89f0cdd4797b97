import "server-only";
import type { EffectivePermissions, PermissionPolicyInput } from "@/lib/permissions/schema";
import type { AgentDefinition } from "@/server/agents/types";
import type { Execution } from "@/server/generated/prisma/client";
import { readProjectPolicy } from "@/server/permissions/read-project-policy";
import { rememberedRules } from "@/server/permissions/remembered-rules";
import { resolvePermissions } from "@/server/permissions/resolve-permissions";

/**
 * The policy a turn runs under, settled by its runner right before the
 * launch: what its request asked, its project's policy as it is now, and the
 * rules people allowed for the session it continues. A policy the agent
 * cannot honour any more (the project changed since the API checked) fails
 * the turn with the same sentence the API would have given.
 */
export async function loadTurnPermissions(
  execution: Pick<Execution, "agent" | "requestedPermissions" | "projectId" | "parentExecutionId" | "targetSessionId">,
  agent: AgentDefinition,
): Promise<{ ok: true; permissions: EffectivePermissions | null } | { ok: false; message: string }> {
  // A Continue runs in its parent's session: the rules allowed for that session go with it.
  const session = execution.parentExecutionId ? execution.targetSessionId : null;
  const [project, remembered] = await Promise.all([readProjectPolicy(execution.projectId), rememberedRules(execution.agent, session)]);
  return resolvePermissions({
    agentName: agent.displayName,
    agent: agent.permissions,
    requested: (execution.requestedPermissions as PermissionPolicyInput | null) ?? null,
    project,
    remembered,
  });
}
