import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import { withoutRules } from "@/server/agents/permission-mapping";
import type { AgentPermissions, LaunchFailure } from "@/server/agents/types";

// Arbor's permission policy for aider: NOT VERIFIED here (aider could not be
// installed), from aider's source: with --yes-always it answers "no" to the
// prompts that need an explicit yes, which is how it asks to run the shell
// commands it suggests, so headless aider edits files and runs no command:
// `edits`. It does fetch URLs it finds in the chat ("Add URL to the chat?"
// is an ordinary prompt) unless --no-detect-urls. It takes no rules.

const NAME = BUILT_IN_AGENT_NAMES.aider;

export const aiderPermissions: AgentPermissions = {
  modes: ["edits"],
  defaultMode: "edits",
  rules: "none",
  note: "edits: aider edits files and, with --yes-always, declines to run the shell commands it suggests; --no-detect-urls keeps it off the web. It takes no rules and never asks Arbor. (Not verified here.)",
};

export function mapAiderPermissions(permissions: EffectivePermissions): { ok: true; notes: string[] } | LaunchFailure {
  return withoutRules(aiderPermissions, permissions, NAME, (target) => target.kind === "shell" || target.kind === "fetch" || target.kind === "search");
}
