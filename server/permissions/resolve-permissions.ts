import type { EffectivePermissions, PermissionPolicy, PermissionPolicyInput } from "@/lib/permissions/schema";
import type { AgentPermissions } from "@/server/agents/types";

// What one turn may do alone: its run's own policy, else its project's, else
// the agent's default, with the rules of all three and the rules people added
// while deciding approvals. Pure: the API checks a request with it before
// anything is queued, and the runner settles the turn's policy with it right
// before the launch (server/permissions/load-turn-permissions.ts).

export type PermissionFacts = {
  agentName: string;
  /** Absent: the agent honours no policy (it runs as its driver always has). */
  agent: AgentPermissions | undefined;
  /** The run's own policy, as its request gave it. */
  requested: PermissionPolicyInput | null;
  /** Its project's (or the default workspace's) policy. */
  project: PermissionPolicy | null;
  /** Allowed by people for this session (approvals decided with scope "session"). */
  remembered?: readonly string[];
};

export type ResolvedPermissions = { ok: true; permissions: EffectivePermissions | null } | { ok: false; message: string };

export function resolvePermissions(facts: PermissionFacts): ResolvedPermissions {
  const { agent, requested, project } = facts;
  const rules = [...(requested?.allow ?? []), ...(requested?.deny ?? []), ...(project?.allow ?? []), ...(project?.deny ?? [])];
  if (!agent) {
    if (requested) return { ok: false, message: `${facts.agentName} cannot run under a permission policy: run it without "permissions"` };
    // A project's policy cannot reach it: it runs as its driver always has.
    return { ok: true, permissions: null };
  }
  let mode = requested?.mode ?? project?.mode ?? agent.defaultMode;
  const source: EffectivePermissions["source"] = requested ? "run" : project ? "project" : "agent-default";
  if (!agent.modes.includes(mode)) {
    // A project asking to be asked runs an agent that cannot ask under "edits": it is refused instead of asking, never allowed more.
    if (source === "project" && mode === "ask" && agent.modes.includes("edits")) mode = "edits";
    else
      return {
        ok: false,
        message: `${facts.agentName} cannot run in the "${mode}" permission mode (it can: ${agent.modes.join(", ")})${source === "project" ? "; the project's policy asks for it" : ""}`,
      };
  }
  if (agent.rules === "none" && rules.length > 0) {
    return {
      ok: false,
      message: `${facts.agentName} takes no allow or deny rules: remove them from the ${requested?.allow?.length || requested?.deny?.length ? "run's" : "project's"} policy`,
    };
  }
  return {
    ok: true,
    permissions: {
      mode,
      allow: unique([...(project?.allow ?? []), ...(requested?.allow ?? []), ...(facts.remembered ?? [])]),
      deny: unique([...(project?.deny ?? []), ...(requested?.deny ?? [])]),
      source,
    },
  };
}

function unique(rules: string[]): string[] {
  return [...new Set(rules)];
}
