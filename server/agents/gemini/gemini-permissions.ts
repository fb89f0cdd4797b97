import { createHash } from "node:crypto";
import path from "node:path";
import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import { misconfigured } from "@/server/agents/launch-args";
import { arborToolsOf } from "@/server/agents/gemini/gemini-mcp";
import { broadenedDeny, cannotDeny, checkMode, classifiedRules, droppedAllow, type RuleTarget } from "@/server/agents/permission-mapping";
import type { AgentPermissions, LaunchFailure } from "@/server/agents/types";

// Arbor's permission policy as Gemini CLI options: an approval mode and a
// policy file of its policy engine (--policy <file.toml>), written per policy
// (the name is the content's hash). Verified against Gemini CLI 0.61.0 with
// the Gemini-API stand-in scripted to call its tools:
// - auto_edit offers no shell, but offers web_fetch and google_web_search,
//   and web_fetch ran: `edits` adds deny rules for both (a deny without
//   arguments takes the tool out of what the model is offered).
// - yolo runs everything: `trusted`. Headless, "ask_user" means deny: no one
//   can be asked in -p mode (that would take --acp, another protocol).
// - commandPrefix "node" denied `node -p 1` and the node part of
//   `echo ok && node -p 1`, not `nodejs --version` (a word boundary);
//   commandRegex runs on `"command":"<json>"`, so `echo exact"` matched
//   `echo exact` only. A deny at priority 999 beat yolo.

const NAME = BUILT_IN_AGENT_NAMES.gemini;
const SHELL = "run_shell_command";
const WEB = ["web_fetch", "google_web_search"];
const EDIT_TOOLS = ["write_file", "replace"];
const READ_TOOLS = { Read: ["read_file", "read_many_files"], Glob: ["glob"], Grep: ["grep_search"], LS: ["list_directory"] } as const;
// Priorities inside the file: the mode's own denies, then the person's allows, then the person's denies (deny wins).
const MODE_DENY = 100;
const ALLOW = 500;
const DENY = 999;

export const geminiPermissions: AgentPermissions = {
  modes: ["edits", "trusted"],
  defaultMode: "edits",
  rules: "mapped",
  note:
    "edits: --approval-mode auto_edit (file tools, no shell) and a policy file that also takes web_fetch and google_web_search away; trusted: --approval-mode yolo. " +
    'Headless Gemini never asks. Rules become rules of its policy engine (Bash(npm test:*) → commandPrefix "npm test"). ' +
    "Arbor's MCP tools are allowed in every mode; a deny rule for one (mcp__arbor__create_issue) denies it.",
};

type PolicyRule = { tools: string[]; commandPrefix?: string; commandRegex?: string; decision: "allow" | "deny"; priority: number };

export type GeminiPolicy = { ok: true; approvalMode: "auto_edit" | "yolo"; policyFile: { path: string; content: string } | null; notes: string[] };

/** `arborTools`: Arbor's MCP tools on this run (gemini-mcp.ts), allowed unless a deny rule names them. */
export function mapGeminiPermissions(
  permissions: EffectivePermissions,
  filesDir: string | undefined,
  arborTools: readonly string[] = [],
): GeminiPolicy | LaunchFailure {
  const refused = checkMode(geminiPermissions, permissions.mode, NAME);
  if (refused) return refused;
  const trusted = permissions.mode === "trusted";
  const { allow, deny } = classifiedRules(permissions);
  const notes: string[] = [];
  const rules: PolicyRule[] = [];
  const allowedWholeTools = new Set<string>();
  if (!trusted) {
    for (const { rule, target } of allow) {
      const mapped = shellOrTools(target);
      if (target.kind === "edit" || target.kind === "read") continue; // allowed under auto_edit already
      if (arborToolsOf(rule)) continue; // Arbor's MCP tools are allowed on every run that has them (below)
      if (!mapped) {
        notes.push(droppedAllow(NAME, rule, "its policy engine has no matching rule for it"));
        continue;
      }
      if (mapped.tools.length > 0 && !mapped.commandPrefix && !mapped.commandRegex) for (const tool of mapped.tools) allowedWholeTools.add(tool);
      rules.push({ ...mapped, decision: "allow", priority: ALLOW });
    }
    // yolo offers and runs MCP tools already; auto_edit does not even offer them unless allowed.
    if (arborTools.length > 0) rules.push({ tools: [...arborTools], decision: "allow", priority: ALLOW });
    const webDenied = WEB.filter((tool) => !allowedWholeTools.has(tool));
    if (webDenied.length > 0) rules.unshift({ tools: webDenied, decision: "deny", priority: MODE_DENY });
  }
  for (const { rule, target } of deny) {
    const arbor = arborToolsOf(rule);
    if (arbor) {
      // Arbor's MCP tools by Gemini's names, at the deny priority (beats the allow above and yolo); no arguments to match on.
      if (arbor.length > 0) rules.push({ tools: arbor, decision: "deny", priority: DENY });
      if (rule.specifier !== null) notes.push(broadenedDeny(NAME, rule, `${arbor.join(", ")} whole`));
      continue;
    }
    const mapped = shellOrTools(target);
    if (!mapped) return cannotDeny(NAME, rule, "its policy engine has no rule that covers the same calls");
    rules.push({ ...mapped, decision: "deny", priority: DENY });
  }
  const policyFile = policyFileOf(rules, filesDir);
  if (policyFile && "ok" in policyFile) return policyFile;
  return { ok: true, approvalMode: trusted ? "yolo" : "auto_edit", policyFile, notes };
}

/**
 * A run without a permission policy that has Arbor's MCP server: a policy
 * file that only allows Arbor's tools, which headless Gemini otherwise never
 * offers. Null when there are none.
 */
export function arborOnlyPolicyFile(arborTools: readonly string[], filesDir: string | undefined) {
  return policyFileOf(arborTools.length > 0 ? [{ tools: [...arborTools], decision: "allow", priority: ALLOW }] : [], filesDir);
}

function policyFileOf(rules: PolicyRule[], filesDir: string | undefined): { path: string; content: string } | LaunchFailure | null {
  if (rules.length === 0) return null;
  if (!filesDir) return misconfigured("Gemini CLI's permission policy needs a file, and this launch has no directory for Arbor's files");
  const content = policyToml(rules);
  const hash = createHash("sha256").update(content).digest("hex").slice(0, 16);
  return { path: path.join(filesDir, `gemini-policy-${hash}.toml`), content };
}

/** The policy-engine condition for a rule's target, or null when Gemini has none that matches the same calls. */
function shellOrTools(target: RuleTarget): Omit<PolicyRule, "decision" | "priority"> | null {
  switch (target.kind) {
    case "shell":
      if (target.match === "all") return { tools: [SHELL] };
      if (target.match === "prefix") return target.command ? { tools: [SHELL], commandPrefix: target.command } : null;
      if (target.match === "exact") return { tools: [SHELL], commandRegex: exactCommandRegex(target.command) };
      return null; // a glob: Gemini's prefixes and regexes would match other commands than Arbor's glob
    case "edit":
      return target.path === null ? { tools: EDIT_TOOLS } : null;
    case "read":
      return target.path === null ? { tools: [...READ_TOOLS[target.tool]] } : null;
    case "fetch":
      return target.domain === null && target.specifier === null ? { tools: ["web_fetch"] } : null;
    case "search":
      return { tools: ["google_web_search"] };
    case "other":
      return null;
  }
}

/**
 * Gemini tests commandRegex against `"command":"<the command as JSON>"…`, so
 * the command's JSON text, escaped, then the closing quote: exactly it.
 */
export function exactCommandRegex(command: string): string {
  return `${JSON.stringify(command)
    .slice(1, -1)
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`;
}

function policyToml(rules: PolicyRule[]): string {
  // TOML basic strings accept JSON's string escapes, so JSON.stringify quotes every value safely.
  const q = (value: string) => JSON.stringify(value);
  const blocks = rules.map((rule) =>
    [
      "[[rule]]",
      `toolName = ${rule.tools.length === 1 ? q(rule.tools[0]) : `[${rule.tools.map(q).join(", ")}]`}`,
      ...(rule.commandPrefix !== undefined ? [`commandPrefix = ${q(rule.commandPrefix)}`] : []),
      ...(rule.commandRegex !== undefined ? [`commandRegex = ${q(rule.commandRegex)}`] : []),
      `decision = ${q(rule.decision)}`,
      `priority = ${rule.priority}`,
      ...(rule.decision === "deny" && rule.priority === DENY ? [`denyMessage = ${q("Arbor's permission policy for this run denies it")}`] : []),
    ].join("\n"),
  );
  return `# Written by Arbor: the permission policy of a Gemini CLI run (--policy).\n\n${blocks.join("\n\n")}\n`;
}
