import type { EffectivePermissions } from "@/lib/permissions/schema";
import type { AgentPermissions, CliCapabilities, LaunchFailure } from "@/server/agents/types";
import { unsupported } from "@/server/agents/launch-args";
import { isAtLeast } from "@/server/agents/version";
import { claudeApprovals } from "@/server/agents/claude/claude-approvals";

// Arbor's permission policy (lib/permissions/schema.ts) as Claude Code's
// flags. Verified against Claude Code 2.1.330 with the Messages-API stand-in:
// - acceptEdits: edits and file-manipulating shell commands inside the cwd
//   run; anything else (node, npm, git, …) is refused with "This command
//   requires approval" — without asking anyone. That is `edits`.
// - --permission-prompt-tool stdio (not in --help; needs the process's stdin:
//   --input-format stream-json) turns each such refusal into a control_request
//   `can_use_tool` on stdout that waits for the host's answer on stdin
//   (claude-approvals.ts). acceptEdits + the prompt tool is `ask`; plan + the
//   prompt tool is `plan` (ExitPlanMode is asked for like a tool; allowing it
//   with a setMode to acceptEdits lets the turn go on under `ask`).
// - bypassPermissions is `trusted`; as root the CLI refuses it unless
//   IS_SANDBOX=1 (server/permissions/check-run-permissions.ts says so up front).
// - --allowedTools / --disallowedTools take rules in exactly Arbor's syntax,
//   one argv element each ("Bash(npm test:*)"): an allowed call is not asked for.

/** The first version verified to answer --permission-prompt-tool stdio (it is not in --help, so it is gated on the version). */
export const MIN_PROMPT_TOOL_VERSION = "2.1.330";

export const claudePermissions: AgentPermissions = {
  modes: ["ask", "edits", "plan", "trusted"],
  defaultMode: "ask",
  rules: "native",
  approvals: claudeApprovals,
  refusesTrustedAsRoot: true,
  note: "Claude Code asks Arbor before each tool call its mode does not allow (--permission-prompt-tool stdio); rules are passed as --allowedTools/--disallowedTools.",
};

const MODE_FLAG: Record<EffectivePermissions["mode"], string> = {
  ask: "acceptEdits",
  edits: "acceptEdits",
  plan: "plan",
  trusted: "bypassPermissions",
};

/** Whether a turn under `permissions` needs the live approval channel (and so the process's stdin). */
export function claudeNeedsApprovals(permissions: EffectivePermissions | undefined): boolean {
  return permissions?.mode === "ask" || permissions?.mode === "plan";
}

/**
 * The permission options of a launch: `--permission-mode` and, under a
 * policy, the prompt tool and the rules. Without a policy: acceptEdits, as
 * before policies existed. `streamInput`: whether the launch reads stdin.
 */
export function claudePermissionArgs(
  permissions: EffectivePermissions | undefined,
  capabilities: CliCapabilities,
  streamInput: boolean,
): { ok: true; args: string[]; needed: string[]; notes: string[] } | LaunchFailure {
  const notes: string[] = [];
  // A CLI that cannot ask runs a turn that was only asking by default (not the person's choice for this run) under
  // "edits": what it would have asked about is refused instead — never allowed — and the log says why.
  const cannotAsk = claudeNeedsApprovals(permissions) ? whyCannotAsk(capabilities, streamInput) : null;
  if (cannotAsk && permissions?.mode === "ask" && permissions.source !== "run") {
    notes.push(`${cannotAsk}: this turn runs as "edits" (what it would ask about is refused)`);
    permissions = { ...permissions, mode: "edits" };
  }
  const mode = permissions ? MODE_FLAG[permissions.mode] : "acceptEdits";
  const allowedModes = capabilities.choices.get("--permission-mode");
  if (allowedModes && !allowedModes.includes(mode)) {
    return { ok: false, code: "agent_misconfigured", message: `Permission mode "${mode}" is not one this Claude Code accepts (${allowedModes.join(", ")})` };
  }
  const args = ["--permission-mode", mode];
  const needed = ["--permission-mode"];
  if (!permissions) return { ok: true, args, needed, notes };
  if (claudeNeedsApprovals(permissions)) {
    const why = whyCannotAsk(capabilities, streamInput);
    if (why) return unsupported(`${why}; use the "edits" or "trusted" mode`);
    args.push("--permission-prompt-tool", "stdio");
  }
  for (const rule of permissions.allow) args.push("--allowedTools", rule);
  for (const rule of permissions.deny) args.push("--disallowedTools", rule);
  if (permissions.allow.length) needed.push("--allowedTools");
  if (permissions.deny.length) needed.push("--disallowedTools");
  return { ok: true, args, needed, notes };
}

/** Why this launch cannot ask a person, or null when it can. */
function whyCannotAsk(capabilities: CliCapabilities, streamInput: boolean): string | null {
  if (!isAtLeast(capabilities.version, MIN_PROMPT_TOOL_VERSION))
    return `Asking a person before tool calls needs Claude Code ${MIN_PROMPT_TOOL_VERSION} or newer (found ${capabilities.version ?? "an unknown version"})`;
  if (!streamInput) return "This Claude Code cannot read its input as stream-json, which asking a person needs";
  return null;
}
