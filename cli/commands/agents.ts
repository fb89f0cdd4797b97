// arbor agents [--json] → GET /api/agents: every agent the server can run,
// whether it is ready where runs run (installed, and its key or config there:
// "needs OPENAI_API_KEY" otherwise, never a value), its version, what it can
// do with sessions, which permission modes it honours, and whether Arbor
// verified its driver against that CLI.

import type { Command } from "../args";
import { println, type Context } from "../context";
import { paint } from "../render/style";

interface AgentItem {
  id: string;
  displayName?: string;
  source?: string;
  overridden?: boolean;
  binary?: { envVar?: string; command?: string | null; path?: string | null };
  installed?: boolean;
  version?: string | null;
  problem?: string | null;
  sessions?: { strategy?: string; capabilities?: string[] };
  verification?: { status?: string; version?: string; reason?: string; installedMatches?: boolean | null } | null;
  needs?: { variable?: string; message?: string } | null;
  notice?: string | null;
  permissions?: { modes?: string[]; asks?: boolean } | null;
}

interface AgentListBody {
  agents?: AgentItem[];
  agentsFile?: string | null;
  warnings?: string[];
}

const CAPABILITY_WORDS: Record<string, string> = {
  "assign-id-at-launch": "named",
  "assign-id-at-fork": "named-fork",
  "resume-by-id": "continue",
  fork: "fork",
  "fork-at-message": "fork-at-message",
  "continue-latest": "latest",
};

export async function agentsCommand(ctx: Context, cmd: Extract<Command, { name: "agents" }>): Promise<number> {
  const body = await ctx.api.get<AgentListBody>("/api/agents");
  const agents = (Array.isArray(body?.agents) ? body.agents : []).filter((a): a is AgentItem => Boolean(a) && typeof a.id === "string");
  const warnings = Array.isArray(body?.warnings) ? body.warnings.filter((w): w is string => typeof w === "string") : [];
  if (cmd.json) {
    println(ctx.stdout, JSON.stringify({ agents, agentsFile: body?.agentsFile ?? null, warnings }));
    return 0;
  }
  const rows = agents.map((agent) => [
    agent.id + (agent.source === "agents-file" ? " (file)" : agent.overridden ? " (changed)" : ""),
    readyText(ctx, agent),
    agent.version ?? "—",
    sessionsText(agent),
    agent.permissions?.modes?.length ? agent.permissions.modes.join(", ") : "—",
    verifiedText(agent),
  ]);
  println(ctx.stdout, table([["AGENT", "READY", "VERSION", "SESSIONS", "MODES", "VERIFIED"], ...rows]));
  const problems = agents.filter((agent) => !agent.installed && agent.problem).map((agent) => `  ${agent.id}: ${agent.problem}`);
  if (problems.length > 0) println(ctx.stdout, ["", "Not installed:", ...problems]);
  const needs = agents.filter((agent) => agent.installed && agent.needs?.message).map((agent) => `  ${agent.id}: ${agent.needs!.message}`);
  if (needs.length > 0) println(ctx.stdout, ["", "Missing a key or config (in the runners' environment, or the agents file's env):", ...needs]);
  const notices = agents.filter((agent) => agent.notice).map((agent) => `  ${agent.id}: ${agent.notice}`);
  if (notices.length > 0) println(ctx.stdout, ["", "Notes:", ...notices]);
  if (body?.agentsFile) println(ctx.stdout, ["", `Agents file: ${body.agentsFile}`]);
  if (warnings.length > 0)
    println(
      ctx.stderr,
      warnings.map((warning) => `warning: ${warning}`),
    );
  return 0;
}

function readyText(ctx: Context, agent: AgentItem): string {
  if (!agent.installed) return paint(ctx.style, "not installed", "red");
  if (agent.needs?.variable) return paint(ctx.style, `needs ${agent.needs.variable}`, "yellow");
  return paint(ctx.style, "yes", "green");
}

function sessionsText(agent: AgentItem): string {
  const capabilities = agent.sessions?.capabilities ?? [];
  if (capabilities.length === 0) return "none";
  const words = capabilities.map((capability) => CAPABILITY_WORDS[capability] ?? capability).join(", ");
  return agent.sessions?.strategy === "latest-in-home" ? `${words} (latest-in-home)` : words;
}

function verifiedText(agent: AgentItem): string {
  const verification = agent.verification;
  if (!verification) return "—";
  if (verification.status !== "verified") return `not verified on this machine${verification.reason ? `: ${verification.reason}` : ""}`;
  const mismatch = verification.installedMatches === false ? ` (installed ${agent.version}: not verified)` : "";
  return `${verification.version}${mismatch}`;
}

/** Columns padded to their widest cell (ANSI colours do not count). */
function table(rows: string[][]): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ESC starts the ANSI colour codes this strips.
  const width = (cell: string) => cell.replace(/\u001b\[[0-9;]*m/g, "").length;
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => width(row[column] ?? ""))));
  return rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell + " ".repeat(widths[column] - width(cell))))
      .join("  ")
      .trimEnd(),
  );
}
