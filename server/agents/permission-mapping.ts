import { parseRules, type PermissionRule } from "@/lib/permissions/rules";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import type { PermissionMode } from "@/lib/permissions/constants";
import { misconfigured, unsupported } from "@/server/agents/launch-args";
import type { AgentPermissions, LaunchFailure } from "@/server/agents/types";

// What every driver needs to map Arbor's permission policy (lib/permissions)
// onto its CLI: the policy's rules sorted by what they are about, and the
// words for the two ways a rule can fail to reach a CLI. The rule of every
// mapping: never widen. An allow rule the CLI cannot express is dropped (the
// call stays refused) and said in a note; a deny rule it cannot express fails
// the launch; a deny rule may be enforced more broadly than written (noted).

/** What a rule (in Claude Code's syntax) is about, in the terms the CLIs differ on. */
export type RuleTarget =
  | { kind: "shell"; match: "all" }
  /** Bash(npm test:*): the command, or the command followed by a space and more. */
  | { kind: "shell"; match: "prefix"; command: string }
  /** Bash(git status): exactly that command. */
  | { kind: "shell"; match: "exact"; command: string }
  /** Bash(git * main): a glob whose `*` stays within a path segment. */
  | { kind: "shell"; match: "glob"; pattern: string }
  /** Edit, Write, MultiEdit, NotebookEdit (path: the rule's specifier). */
  | { kind: "edit"; path: string | null }
  | { kind: "read"; tool: "Read" | "Glob" | "Grep" | "LS"; path: string | null }
  /** WebFetch, WebFetch(domain:example.com); `specifier` is set when it is not a domain. */
  | { kind: "fetch"; domain: string | null; specifier: string | null }
  | { kind: "search" }
  /** MCP tools, Task, TodoWrite and anything else. */
  | { kind: "other"; tool: string; specifier: string | null };

export type ClassifiedRule = { rule: PermissionRule; target: RuleTarget };

const EDIT_TOOLS = new Set(["Edit", "Write", "MultiEdit", "NotebookEdit"]);
const READ_TOOLS = new Set(["Read", "Glob", "Grep", "LS"]);

export function targetOf(rule: PermissionRule): RuleTarget {
  const spec = rule.specifier;
  if (rule.tool === "Bash") {
    if (spec === null) return { kind: "shell", match: "all" };
    if (spec.endsWith(":*")) return { kind: "shell", match: "prefix", command: spec.slice(0, -2).trim() };
    if (spec.includes("*")) return { kind: "shell", match: "glob", pattern: spec };
    return { kind: "shell", match: "exact", command: spec };
  }
  if (EDIT_TOOLS.has(rule.tool)) return { kind: "edit", path: spec };
  if (READ_TOOLS.has(rule.tool)) return { kind: "read", tool: rule.tool as "Read" | "Glob" | "Grep" | "LS", path: spec };
  if (rule.tool === "WebFetch") {
    if (spec === null) return { kind: "fetch", domain: null, specifier: null };
    return spec.startsWith("domain:") && spec.length > 7
      ? { kind: "fetch", domain: spec.slice(7), specifier: null }
      : { kind: "fetch", domain: null, specifier: spec };
  }
  if (rule.tool === "WebSearch" && spec === null) return { kind: "search" };
  return { kind: "other", tool: rule.tool, specifier: spec };
}

/** The policy's rules, parsed and sorted by what they are about. */
export function classifiedRules(permissions: EffectivePermissions): { allow: ClassifiedRule[]; deny: ClassifiedRule[] } {
  const classify = (texts: readonly string[]) => parseRules(texts).map((rule) => ({ rule, target: targetOf(rule) }));
  return { allow: classify(permissions.allow), deny: classify(permissions.deny) };
}

/**
 * A mode the agent cannot honour: the API refuses such a run before it is
 * queued, so reaching a builder with one is a bug. Fail, never widen.
 */
export function checkMode(agent: AgentPermissions, mode: PermissionMode, agentName: string): LaunchFailure | null {
  if (agent.modes.includes(mode)) return null;
  return unsupported(`${agentName} cannot run under the "${mode}" permission mode (it can: ${agent.modes.join(", ")})`);
}

export function cannotDeny(agentName: string, rule: PermissionRule, why: string): LaunchFailure {
  return unsupported(`${agentName} cannot enforce the deny rule "${rule.text}": ${why}. Remove the rule, or run another agent`);
}

export function droppedAllow(agentName: string, rule: PermissionRule, why: string): string {
  return `The allow rule "${rule.text}" was not given to ${agentName} (${why}): what it covers stays refused.`;
}

export function broadenedDeny(agentName: string, rule: PermissionRule, how: string): string {
  return `The deny rule "${rule.text}" reaches ${agentName} as ${how}, which refuses a little more than it says.`;
}

/**
 * Options the agents file gives that the policy decides (a sandbox, an
 * approval mode): with a policy they would widen or narrow it behind the
 * person's back, so the launch fails naming them.
 */
export function policyFlagsInExtraArgs(extraArgs: readonly string[], policyFlags: readonly string[], agentName: string): LaunchFailure | null {
  const given = extraArgs.filter((arg) => arg.startsWith("-")).map((arg) => arg.split("=")[0]);
  const clashing = [...new Set(given.filter((flag) => policyFlags.includes(flag)))];
  if (clashing.length === 0) return null;
  return misconfigured(
    `The agents file gives ${agentName} ${clashing.join(", ")}, which Arbor's permission policy decides for every run: remove ${clashing.length > 1 ? "them" : "it"} from the agents file and set the project's or the run's policy instead`,
  );
}

/**
 * For an agent whose CLI takes no rules at all: its mode must be one it
 * honours; allow rules are dropped (with a note) unless the mode allows
 * everything; a deny rule must already hold (`alreadyRefused`: the agent
 * cannot make such calls at all in this mode), else the launch fails.
 */
export function withoutRules(
  agent: AgentPermissions,
  permissions: EffectivePermissions,
  agentName: string,
  alreadyRefused: (target: RuleTarget) => boolean,
): { ok: true; notes: string[] } | LaunchFailure {
  const refused = checkMode(agent, permissions.mode, agentName);
  if (refused) return refused;
  const { allow, deny } = classifiedRules(permissions);
  for (const { rule, target } of deny) {
    if (!alreadyRefused(target)) return cannotDeny(agentName, rule, `${agentName} takes no rules`);
  }
  const notes = permissions.mode === "trusted" ? [] : allow.map(({ rule }) => droppedAllow(agentName, rule, `${agentName} takes no rules`));
  return { ok: true, notes };
}
