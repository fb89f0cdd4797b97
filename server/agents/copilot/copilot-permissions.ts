import { BUILT_IN_AGENT_NAMES } from "@/lib/agents/names";
import { ARBOR_MCP_TOOLS } from "@/server/agents/launch-types";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import { broadenedDeny, cannotDeny, checkMode, classifiedRules, droppedAllow, type RuleTarget } from "@/server/agents/permission-mapping";
import type { AgentPermissions, LaunchFailure } from "@/server/agents/types";

// Arbor's permission policy as Copilot CLI options. Verified against Copilot
// CLI 1.0.102 (bring-your-own-key, Chat-Completions stand-in):
// - Without --allow-all-tools (which Arbor passed before policies), with
//   --allow-tool write: `touch x; node -e …` came back "Permission denied
//   because no interactive user response was available"; Copilot still runs
//   what it deems read-only or a write inside the cwd (`echo x > f`,
//   `git log`): `edits`. -p mode cannot ask anyone (that would take --acp).
// - --allow-all (tools, paths and URLs): `trusted`.
// - --allow-tool "shell(node:*)" let `node -e …` run; "shell(npm test:*)" let
//   `npm test` run, not `npm --version`; "shell(git status)" also let
//   `git status --short` run, so an exact command cannot be allowed alone.
// - --deny-tool beats --allow-all-tools: "shell(node -e:*)" refused `node -e …`
//   not `node -p 7`; "shell(git status)" refused `git status --short`;
//   "shell" refused every command.
// - Arbor's MCP tools (copilot-mcp.ts): under --allow-tool=write a call to one
//   is refused; --allow-tool=arbor(search_sessions) runs it. So when the
//   server is attached each of Arbor's tools is allowed by name under edits
//   (trusted allows everything); a deny rule on one (mcp__arbor__create_issue →
//   --deny-tool=arbor(create_issue)) beats the allow: the tool is still
//   offered, and its call comes back denied (test/integration/mcp/copilot-consults-arbor.test.ts).

const NAME = BUILT_IN_AGENT_NAMES.copilot;

export const copilotPermissions: AgentPermissions = {
  modes: ["edits", "trusted"],
  defaultMode: "edits",
  rules: "mapped",
  note:
    "edits: --allow-tool write (file edits; other tools are refused, except commands Copilot itself deems read-only); trusted: --allow-all. " +
    "Copilot's -p mode never asks. Rules become --allow-tool / --deny-tool patterns (Bash(npm test:*) → shell(npm test:*)).",
};

export type CopilotPolicy = { ok: true; args: string[]; notes: string[] };

/** `arborTools`: Arbor's MCP server is attached to the run, so its tools are allowed by name. */
export function mapCopilotPermissions(
  permissions: EffectivePermissions,
  flags: ReadonlySet<string>,
  options: { arborTools?: boolean } = {},
): CopilotPolicy | LaunchFailure {
  const refused = checkMode(copilotPermissions, permissions.mode, NAME);
  if (refused) return refused;
  const trusted = permissions.mode === "trusted";
  const { allow, deny } = classifiedRules(permissions);
  const notes: string[] = [];
  const args: string[] = trusted
    ? flags.has("--allow-all")
      ? ["--allow-all"]
      : ["--allow-all-tools", "--allow-all-paths", "--allow-all-urls"]
    : ["--allow-tool=write"];
  if (!trusted) {
    if (options.arborTools) args.push(...ARBOR_MCP_TOOLS.map((tool) => `--allow-tool=arbor(${tool})`));
    for (const { rule, target } of allow) {
      if (target.kind === "edit" || target.kind === "read") continue; // allowed (inside the cwd) already
      if (options.arborTools && target.kind === "other" && ARBOR_TOOL.test(target.tool)) continue; // all of Arbor's tools are allowed already
      const mapped = allowOf(target);
      if (mapped) args.push(...mapped);
      else notes.push(droppedAllow(NAME, rule, target.kind === "search" ? "Copilot CLI has no web search tool" : "Copilot would match other calls too"));
    }
  }
  // Deny rules go in every mode: Copilot runs some commands on its own even under edits.
  for (const { rule, target } of deny) {
    if (target.kind === "search") continue; // no web search tool to deny
    const mapped = denyOf(target);
    if (!mapped) return cannotDeny(NAME, rule, "Copilot has no pattern that covers the same calls");
    if (target.kind === "shell" && target.match === "exact") notes.push(broadenedDeny(NAME, rule, `shell(${target.command}:*)`));
    args.push(...mapped);
  }
  return { ok: true, args, notes };
}

/** A command Copilot's kind(argument) syntax can carry (no parentheses, no wildcards of its own). */
function plain(command: string): boolean {
  return command !== "" && !/[()*?]/.test(command);
}

function allowOf(target: RuleTarget): string[] | null {
  switch (target.kind) {
    case "shell":
      if (target.match === "all") return ["--allow-tool=shell"];
      if (target.match === "prefix" && plain(target.command)) return [`--allow-tool=shell(${target.command}:*)`];
      return null; // an exact command would also allow it with other arguments
    case "fetch":
      if (target.specifier !== null) return null;
      // Protocol-aware: a domain alone means https (narrower than Arbor's rule, never wider).
      return target.domain === null ? ["--allow-all-urls"] : plain(target.domain) ? [`--allow-url=${target.domain}`] : null;
    default:
      return null;
  }
}

const ARBOR_TOOL = /^mcp__arbor__([A-Za-z0-9_*-]+)$/;

function denyOf(target: RuleTarget): string[] | null {
  switch (target.kind) {
    case "shell":
      if (target.match === "all") return ["--deny-tool=shell"];
      if (target.match === "glob" || !plain(target.command)) return null;
      // An exact command as a prefix: Copilot refuses it with any arguments (broader, never narrower).
      return [`--deny-tool=shell(${target.command}:*)`];
    case "edit":
      return target.path === null ? ["--deny-tool=write"] : null;
    case "fetch":
      if (target.specifier !== null) return null;
      if (target.domain === null) return ["--excluded-tools=web_fetch"];
      return plain(target.domain) ? [`--deny-url=https://${target.domain}`, `--deny-url=http://${target.domain}`] : null;
    case "other": {
      // Arbor's own server, whose name Arbor chose: mcp__arbor__cite → arbor(cite), mcp__arbor__* → arbor.
      const arbor = ARBOR_TOOL.exec(target.tool);
      if (!arbor || target.specifier !== null) return null;
      return arbor[1] === "*" ? ["--deny-tool=arbor"] : arbor[1].includes("*") ? null : [`--deny-tool=arbor(${arbor[1]})`];
    }
    default:
      return null; // reads inside the cwd need no permission; other MCP servers and tools: not mapped
  }
}
