import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import { withoutRules } from "@/server/agents/permission-mapping";
import type { AgentPermissions, LaunchFailure } from "@/server/agents/types";

// The plain command is a program Arbor knows nothing about: it can neither
// narrow what it does nor give it rules, so the only honest mode is
// `trusted`, and a deny rule fails the launch.

const NAME = BUILT_IN_AGENT_NAMES.command;

export const commandPermissions: AgentPermissions = {
  modes: ["trusted"],
  defaultMode: "trusted",
  rules: "none",
  note: "Arbor cannot restrict a plain command: it runs as configured (trusted), and deny rules cannot be enforced.",
};

export function mapCommandPermissions(permissions: EffectivePermissions): { ok: true; notes: string[] } | LaunchFailure {
  return withoutRules(commandPermissions, permissions, NAME, () => false);
}
