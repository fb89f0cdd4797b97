import type { EffectivePermissions } from "@/lib/permissions/schema";
import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";
import { broadenedDeny, cannotDeny, checkMode, classifiedRules, droppedAllow } from "@/server/agents/permission-mapping";
import { arborToolsOf } from "@/server/agents/codex/codex-mcp";
import type { AgentPermissions, LaunchFailure } from "@/server/agents/types";

// Arbor's permission policy as `codex exec` options. Verified against Codex
// 0.169.0 with the Responses-API stand-in scripted to call its tools:
// - `-s workspace-write` (what Arbor ran before policies) lets the model's
//   exec_command RUN, confined by Codex's sandbox (writes outside the
//   workspace and /tmp fail: "Read-only file system").
// - `--disable shell_tool` takes exec_command away (a forced call comes back
//   "unsupported call: exec_command"); apply_patch stays: `edits`.
// - `-c web_search="disabled"` takes the hosted web_search tool away.
// - `-s danger-full-access` runs anything (a write to /var/tmp went through): `trusted`.
// - exec forces the approval policy to "never" (an escalation request comes
//   back "approval policy is Never; reject command"): no one can be asked.
// - Per-command rules exist only as execpolicy .rules files in CODEX_HOME,
//   read by every run in that home, so none can be given to one run.
// - Arbor's own MCP tools (codex-mcp.ts) run without asking when attached; a
//   deny rule on them takes the tool away for the run (`mcpDenied`). Other
//   MCP servers' tools cannot be taken away for one run.

const NAME = BUILT_IN_AGENT_NAMES.codex;

export const codexPermissions: AgentPermissions = {
  modes: ["edits", "trusted"],
  defaultMode: "edits",
  rules: "mapped",
  note:
    "edits: Codex edits files in its workspace (apply_patch in the workspace-write sandbox) and has no shell (--disable shell_tool); trusted: -s danger-full-access. " +
    "`codex exec` never asks. Rules: allow Bash gives the shell back inside the sandbox, deny Bash or WebSearch removes the tool, as does deny on one of Arbor's MCP tools (mcp__arbor__…); per-command rules cannot be given to one run.",
};

export type CodexPolicy = {
  ok: true;
  sandbox: "workspace-write" | "danger-full-access";
  args: string[][];
  notes: string[];
  /** Arbor's MCP tools a deny rule takes away (codexMcpArgs disables them). */
  mcpDenied: string[];
};

export function mapCodexPermissions(permissions: EffectivePermissions): CodexPolicy | LaunchFailure {
  const refused = checkMode(codexPermissions, permissions.mode, NAME);
  if (refused) return refused;
  const trusted = permissions.mode === "trusted";
  const { allow, deny } = classifiedRules(permissions);
  const notes: string[] = [];
  let shell = trusted;
  let webSearch = trusted;
  if (!trusted) {
    for (const { rule, target } of allow) {
      if (target.kind === "shell" && target.match === "all") {
        shell = true;
        notes.push(`"${rule.text}" gives Codex its shell inside the workspace-write sandbox (no network, writes only in the run's directory and /tmp).`);
      } else if (target.kind === "search") webSearch = true;
      else if (target.kind === "edit" || target.kind === "read")
        continue; // edits and reads in the workspace are allowed already
      else if (target.kind === "other" && arborToolsOf(rule))
        continue; // Arbor's MCP tools are allowed already whenever attached
      else notes.push(droppedAllow(NAME, rule, "Codex takes no per-command or per-tool rules for one run"));
    }
  }
  // Deny wins over allow: whole tools first, then what only holds without them.
  for (const { target } of deny) {
    if (target.kind === "shell" && target.match === "all") shell = false;
    if (target.kind === "search") webSearch = false;
  }
  const mcpDenied = new Set<string>();
  for (const { rule, target } of deny) {
    switch (target.kind) {
      case "shell":
        if (shell) return cannotDeny(NAME, rule, "its exec mode takes no per-command rules (deny Bash to take the whole shell away)");
        break;
      case "search":
        break;
      case "fetch":
        break; // Codex has no fetch tool of its own
      case "edit":
        return cannotDeny(NAME, rule, "apply_patch cannot be taken away for one run");
      case "read":
        return cannotDeny(NAME, rule, "Codex reads files without asking and takes no per-tool rules");
      case "other": {
        const arbor = arborToolsOf(rule);
        if (!arbor) return cannotDeny(NAME, rule, `Codex has no per-run rule for ${target.tool}`);
        for (const tool of arbor.tools) mcpDenied.add(tool);
        if (arbor.specific && arbor.tools.length) notes.push(broadenedDeny(NAME, rule, "the whole tool taken away (Codex takes no per-argument MCP rules)"));
        break;
      }
    }
  }
  const args: string[][] = [];
  if (!shell) args.push(["--disable", "shell_tool"]);
  if (!webSearch) args.push(["-c", 'web_search="disabled"']);
  return { ok: true, sandbox: trusted ? "danger-full-access" : "workspace-write", args, notes, mcpDenied: [...mcpDenied] };
}
