import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import { broadenedDeny, cannotDeny, checkMode, classifiedRules, droppedAllow, type RuleTarget } from "@/server/agents/permission-mapping";
import { qwenApprovals } from "@/server/agents/qwen/qwen-approvals";
import { arborToolsOf } from "@/server/agents/qwen/qwen-mcp";
import type { AgentPermissions, LaunchFailure } from "@/server/agents/types";

// Arbor's permission policy as Qwen Code options. Verified against Qwen Code
// 0.24.4 with the Chat-Completions stand-in scripted to call its tools:
// - auto-edit, headless (what Arbor ran before policies): the shell is
//   refused ("…Matching deny rule: run_shell_command", listed in the result's
//   permission_denials): `edits`. yolo runs it: `trusted`.
// - Headless with text input, a tool that needs confirmation is denied unless
//   ALL of it is allowed: --allowed-tools run_shell_command let `node -p 1`
//   run, --allowed-tools "Bash(node -e *)" did not let `node -e …` run. So
//   per-command allows only work under `ask`.
// - --exclude-tools takes Qwen's rules (Claude Code's syntax, with a space
//   before `*`): "Bash(node *)" refused `node` and `node -p 1`, not `echo hi`;
//   "Bash(echo exact)" refused `echo exact more` too (a prefix to Qwen).
// - With --input-format stream-json (and an initialize request first) it asks
//   over stdin/stdout instead (qwen-approvals.ts): `ask`. Its plan mode has no
//   exit_plan_mode tool there, so `plan` is not offered.

const NAME = BUILT_IN_AGENT_NAMES.qwen;
const WHOLE_TOOLS: Record<string, string> = {
  Read: "Read",
  Glob: "Glob",
  Grep: "Grep",
  LS: "ListFiles",
};

export const qwenPermissions: AgentPermissions = {
  modes: ["ask", "edits", "trusted"],
  defaultMode: "ask",
  rules: "mapped",
  approvals: qwenApprovals,
  note:
    "ask: --input-format stream-json, and Qwen Code asks Arbor before a shell command (file edits go ahead); edits: --approval-mode auto-edit (no shell); trusted: yolo. " +
    "Rules become --allowed-tools / --exclude-tools in Qwen's own syntax (Bash(npm test:*) → Bash(npm test *)); per-command allows need ask. " +
    "Arbor's MCP tools are allowed in every mode; a deny rule for one (mcp__arbor__create_issue) excludes it.",
};

export type QwenPolicy = { ok: true; approvalMode: "auto-edit" | "yolo"; streamInput: boolean; args: string[][]; notes: string[] };

export function mapQwenPermissions(permissions: EffectivePermissions): QwenPolicy | LaunchFailure {
  const refused = checkMode(qwenPermissions, permissions.mode, NAME);
  if (refused) return refused;
  const mode = permissions.mode;
  const { allow, deny } = classifiedRules(permissions);
  const notes: string[] = [];
  const allowed: string[] = [];
  if (mode !== "trusted") {
    for (const { rule, target } of allow) {
      if (target.kind === "edit" || target.kind === "read") continue; // edits and reads go ahead already
      if (arborToolsOf(rule)) continue; // Arbor's MCP tools are allowed on every run that has them (qwen-mcp.ts)
      const whole = wholeTool(target);
      if (whole) allowed.push(whole);
      else if (mode === "ask" && isPrefix(target)) allowed.push(`Bash(${target.command} *)`);
      else
        notes.push(
          droppedAllow(
            NAME,
            rule,
            mode === "edits" && target.kind === "shell"
              ? "headless, Qwen Code offers the shell only when all of it is allowed"
              : "Qwen Code would match other calls too",
          ),
        );
    }
  }
  const excluded: string[] = [];
  for (const { rule, target } of deny) {
    if (target.kind === "search") continue; // Qwen Code has no web search tool
    const arbor = arborToolsOf(rule);
    if (arbor) {
      // Arbor's MCP tools by their own names (--exclude-tools beats the --allowed-tools that pre-allow them); Qwen's rules have no arguments for them.
      excluded.push(...arbor);
      if (rule.specifier !== null) notes.push(broadenedDeny(NAME, rule, `${arbor.join(", ")} whole`));
      continue;
    }
    const whole = wholeTool(target);
    if (whole) excluded.push(whole);
    else if (isPrefix(target)) excluded.push(`Bash(${target.command} *)`);
    else if (target.kind === "shell" && target.match === "exact" && plain(target.command)) {
      excluded.push(`Bash(${target.command})`);
      notes.push(broadenedDeny(NAME, rule, `Bash(${target.command}), which Qwen Code reads as a prefix`));
    } else return cannotDeny(NAME, rule, "Qwen Code has no rule that covers the same calls");
  }
  const args: string[][] = [];
  if (allowed.length) args.push(["--allowed-tools", ...allowed]);
  if (excluded.length) args.push(["--exclude-tools", ...excluded]);
  return { ok: true, approvalMode: mode === "trusted" ? "yolo" : "auto-edit", streamInput: mode === "ask", args, notes };
}

/** A command Qwen's rule syntax can carry as it is (no parentheses or wildcards of its own). */
function plain(command: string): boolean {
  return command !== "" && !/[()*?]/.test(command);
}

function isPrefix(target: RuleTarget): target is Extract<RuleTarget, { match: "prefix" }> {
  return target.kind === "shell" && target.match === "prefix" && plain(target.command);
}

/** A rule about a whole tool, in Qwen's names; null for anything narrower. */
function wholeTool(target: RuleTarget): string | null {
  switch (target.kind) {
    case "shell":
      return target.match === "all" ? "run_shell_command" : null;
    case "edit":
      return target.path === null ? "Edit" : null; // Qwen's Edit covers edit, write_file and notebook_edit
    case "read":
      return target.path === null ? WHOLE_TOOLS[target.tool] : null;
    case "fetch":
      return target.domain === null && target.specifier === null ? "WebFetch" : null;
    case "search":
      return null; // Qwen Code has no web search tool
    case "other":
      return null;
  }
}
