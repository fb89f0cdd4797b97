import "server-only";
import { invalidField, ok, type Result } from "@/lib/result";
import type { EffectivePermissions, PermissionPolicy, PermissionPolicyInput } from "@/lib/permissions/schema";
import { getAgentDefinition } from "@/server/agents/registry";
import { loadConfig } from "@/server/config/load-config";
import { readProjectPolicy } from "@/server/permissions/read-project-policy";
import { resolvePermissions } from "@/server/permissions/resolve-permissions";

/**
 * A run's (or follow-up's) policy, checked before anything is queued: the
 * agent must be able to honour the mode it would run in (its own, or its
 * project's), and "trusted" must be something the agent will accept here.
 * A refusal is a 422 on `permissions` naming the agent and the mode.
 */
export async function checkRunPermissions(
  agentId: string,
  requested: PermissionPolicyInput | undefined,
  projectId: string | null,
  /** The project's policy, when its read was started already (create-execution.ts). */
  projectPolicy: Promise<PermissionPolicy | null> = readProjectPolicy(projectId),
): Promise<Result<EffectivePermissions | null>> {
  const agent = getAgentDefinition(agentId);
  const resolved = resolvePermissions({
    agentName: agent?.displayName ?? agentId,
    agent: agent?.permissions,
    requested: requested ?? null,
    project: await projectPolicy,
  });
  if (!resolved.ok) return invalidField("permissions", resolved.message);
  const policy = resolved.permissions;
  if (policy?.mode === "trusted" && agent?.permissions?.refusesTrustedAsRoot && runsAsRoot() && !loadConfig().sandboxed) {
    return invalidField(
      "permissions",
      `${agent.displayName} refuses the "trusted" mode (everything allowed) when Arbor runs as root, unless the machine is a sandbox: set IS_SANDBOX=1 in the runner's environment if it is one, or choose "ask" or "edits"`,
    );
  }
  return ok(policy);
}

function runsAsRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}
