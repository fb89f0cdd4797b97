import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";
import { ARBOR_MCP_TOOLS } from "@/server/agents/launch-types";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import { broadenedDeny, cannotDeny, checkMode, classifiedRules, droppedAllow, type RuleTarget } from "@/server/agents/permission-mapping";
import type { AgentPermissions, LaunchFailure } from "@/server/agents/types";

// Arbor's permission policy as opencode's own permission config, given in
// OPENCODE_PERMISSION (merged over the config's `permission`, after
// OPENCODE_CONFIG_CONTENT, so the person's provider config is left alone).
// Verified against opencode 1.18.33 with the Chat-Completions stand-in:
// - opencode's built-in ruleset is "*": "allow": before policies, `opencode
//   run` ran shell commands (and wrote outside the workspace, under /tmp).
// - {"*":"deny", read/edit/glob/grep/list/todowrite: "allow"}: bash is not
//   offered, a forced call comes back "unavailable tool" and the run goes on: `edits`.
// - Patterns are matched in order and the LAST match wins; a pattern without
//   a wildcard is exact: bash {"*":"deny","node -e":"allow","node -e *":"allow",
//   "echo exact":"allow"} ran `node -e …` and `echo exact`, refused `node -p 1`
//   and `echo exact more`.
// - `--auto` approves every "ask" not explicitly denied; with bash
//   {"node":"deny","node *":"deny"} `node -p 1` was refused, the rest ran: `trusted`.
// - `run` cannot ask anyone ("ask" = rejected); that would take `opencode serve`.
// - Arbor's MCP tools (opencode-mcp.ts) are `arbor_<tool>`: under "*":"deny"
//   they are not offered; "arbor_search_sessions":"allow" after it offers and
//   runs that one. So when the server is attached each of Arbor's tools is
//   allowed by name, before the policy's rules, and a deny rule on one
//   (mcp__arbor__create_issue → "arbor_create_issue":"deny") comes later and wins.

const NAME = BUILT_IN_AGENT_NAMES.opencode;

export const opencodePermissions: AgentPermissions = {
  modes: ["edits", "trusted"],
  defaultMode: "edits",
  rules: "mapped",
  note:
    "edits: OPENCODE_PERMISSION denies everything but reading, searching and editing files (no bash, no web); trusted: --auto. " +
    '`opencode run` never asks. Rules become opencode permission patterns (Bash(npm test:*) → bash "npm test", "npm test *").',
};

type Action = "allow" | "deny";
const KEYS: Record<string, string> = { Read: "read", Glob: "glob", Grep: "grep", LS: "list", Task: "task", TodoWrite: "todowrite" };

export type OpencodePolicy = { ok: true; args: string[]; env: Record<string, string>; notes: string[] };

/** `arborTools`: Arbor's MCP server is attached to the run, so its tools are allowed by name. */
export function mapOpencodePermissions(permissions: EffectivePermissions, options: { arborTools?: boolean } = {}): OpencodePolicy | LaunchFailure {
  const refused = checkMode(opencodePermissions, permissions.mode, NAME);
  if (refused) return refused;
  const trusted = permissions.mode === "trusted";
  const { allow, deny } = classifiedRules(permissions);
  const notes: string[] = [];
  // Each key's patterns in order (last match wins), the mode's own first.
  const config = new Map<string, Array<[string, Action]>>();
  const add = (key: string, pattern: string, action: Action) => config.set(key, [...(config.get(key) ?? []), [pattern, action]]);
  if (!trusted) {
    add("*", "*", "deny");
    // opencode's own defaults ask before reading .env files: "ask" cannot be answered in `run`, so deny.
    for (const [pattern, action] of [
      ["*", "allow"],
      ["*.env", "deny"],
      ["*.env.*", "deny"],
      ["*.env.example", "allow"],
    ] as const)
      add("read", pattern, action);
    for (const key of ["edit", "glob", "grep", "list", "todowrite", "lsp", "skill"]) add(key, "*", "allow");
    if (options.arborTools) for (const tool of ARBOR_MCP_TOOLS) add(`arbor_${tool}`, "*", "allow");
    for (const { rule, target } of allow) {
      if (target.kind === "edit" || target.kind === "read") continue; // allowed under edits already
      if (options.arborTools && target.kind === "other" && ARBOR_TOOL.test(target.tool)) continue; // all of Arbor's tools are allowed already
      const mapped = patternsOf(target, "allow");
      if (!mapped) notes.push(droppedAllow(NAME, rule, "opencode's patterns would match other calls too"));
      else {
        // What the allow does not cover stays denied (verified in this shape).
        if (!config.has(mapped.key)) add(mapped.key, "*", "deny");
        for (const pattern of mapped.patterns) add(mapped.key, pattern, "allow");
      }
    }
  }
  for (const { rule, target } of deny) {
    const mapped = patternsOf(target, "deny");
    if (!mapped) return cannotDeny(NAME, rule, "opencode has no permission pattern that covers the same calls");
    if (mapped.broader) {
      const how = mapped.key === "bash" ? `the pattern ${mapped.patterns.map((p) => JSON.stringify(p)).join(", ")}` : `the key ${JSON.stringify(mapped.key)}`;
      notes.push(broadenedDeny(NAME, rule, how));
    }
    for (const pattern of mapped.patterns) add(mapped.key, pattern, "deny");
  }
  const env: Record<string, string> =
    config.size > 0 ? { OPENCODE_PERMISSION: JSON.stringify(Object.fromEntries([...config].map(([key, rules]) => [key, keyValue(rules)]))) } : {};
  return { ok: true, args: trusted ? ["--auto"] : [], env, notes };
}

/**
 * A key's rules as opencode takes them: one action when "*" comes last (it
 * overrides every earlier pattern anyway; webfetch, websearch and todowrite
 * take nothing else), else the patterns in order.
 */
function keyValue(rules: Array<[string, Action]>): Action | Record<string, Action> {
  const last = rules.at(-1)!;
  if (last[0] === "*") return last[1]; // "*" last overrides every earlier pattern anyway
  return Object.fromEntries(rules);
}

const WILDCARD = /[*?]/;
/** A rule on Arbor's own MCP server: mcp__arbor__cite, mcp__arbor__*. */
const ARBOR_TOOL = /^mcp__arbor__([A-Za-z0-9_*-]+)$/;

/**
 * The opencode key and patterns for a rule, or null when opencode cannot
 * match the same calls. An allow must not match more than the rule; a deny
 * may (`broader`): opencode's `*` also matches "/", which Arbor's does not.
 */
function patternsOf(target: RuleTarget, action: Action): { key: string; patterns: string[]; broader?: boolean } | null {
  switch (target.kind) {
    case "shell":
      if (target.match === "all") return { key: "bash", patterns: ["*"] };
      if (target.match === "glob") return action === "deny" ? { key: "bash", patterns: [target.pattern], broader: true } : null;
      // A literal * or ? in the command would be a wildcard to opencode.
      if (WILDCARD.test(target.command) && action === "allow") return null;
      return { key: "bash", patterns: target.match === "prefix" ? [target.command, `${target.command} *`] : [target.command] };
    case "edit":
      return target.path === null ? { key: "edit", patterns: ["*"] } : null;
    case "read":
      return target.path === null ? { key: KEYS[target.tool], patterns: ["*"] } : null;
    case "fetch":
      return target.domain === null && target.specifier === null ? { key: "webfetch", patterns: ["*"] } : null;
    case "search":
      return { key: "websearch", patterns: ["*"] };
    case "other": {
      const arbor = ARBOR_TOOL.exec(target.tool);
      if (arbor && target.specifier === null) {
        // opencode's `*` in a key would also match another server whose name starts with "arbor_".
        const wildcard = arbor[1].includes("*");
        if (wildcard && action === "allow") return null;
        return { key: `arbor_${arbor[1]}`, patterns: ["*"], ...(wildcard ? { broader: true } : {}) };
      }
      const key = KEYS[target.tool];
      return key && target.specifier === null ? { key, patterns: ["*"] } : null;
    }
  }
}
