// Command-line parsing: argv → a typed `Command`, or a usage error. Pure.
// One switch over every command keeps the whole grammar readable in one
// place; the larger groups live in *-args.ts.

import { parseArgs } from "node:util";
import { parseFollowUpArgs, parseRunArgs, type ExecutionPromptCommand, type RunCommand } from "./run-args";
import { parseGroupArgs, parseGroupsArgs, type GroupCommand } from "./group-args";
import { OPTIONS } from "./options";
import { parseApplyArgs, parseDiffArgs, parseProjectArgs, type ApplyCommand, type DiffCommand, type ProjectCommand } from "./project-args";
import { parseBundleArgs, type BundleCommand } from "./bundle-args";
import { USAGE } from "./usage";
import { parseMark, parseStats, parseUnmark, type MarkCommand, type StatsCommand, type UnmarkCommand } from "./insights-args";
import { parseWorkItemArgs, type WorkItemCommand } from "./work-item-args";
import { parseApprovalArgs, parsePolicyFlags, type ApprovalCommand } from "./approval-args";
import { parsePrArgs, parsePushArgs, type PrCommand, type PushCommand } from "./pull-args";
import { parseRunnerArgs, parseRunnersArgs, type RunnerCommand } from "./runner-args";

export type Command =
  | RunCommand
  | ExecutionPromptCommand
  | ApprovalCommand
  | { name: "restart"; executionId: string; prompt?: string; withoutConversation: boolean; follow: boolean; json: boolean }
  | { name: "cancel"; executionId: string; json: boolean }
  | { name: "show"; executionId: string; json: boolean }
  | { name: "tree"; issueId: string; json: boolean }
  | GroupCommand
  | WorkItemCommand
  | { name: "sessions"; q?: string; agent?: string; archived: boolean; json: boolean }
  | { name: "session"; sessionId: string; poison?: "mark" | "clear"; note?: string; keepWarm?: boolean; json: boolean }
  | { name: "search"; q: string; limit?: number; json: boolean }
  | { name: "agents"; json: boolean }
  | RunnerCommand
  | { name: "mcp" }
  | BundleCommand
  | ProjectCommand
  | DiffCommand
  | ApplyCommand
  | PushCommand
  | PrCommand
  | StatsCommand
  | MarkCommand
  | UnmarkCommand
  | { name: "help"; topic?: string }
  | { name: "version" };

export type CommandName = Command["name"];
export { DESCRIPTIONS, USAGE } from "./usage";
export type { BundleCommand, ExecutionPromptCommand, GroupCommand, WorkItemCommand };

export interface Parsed {
  command: Command;
  /** `--url`, overriding ARBOR_URL. */
  url?: string;
}

export type ParseResult = ({ ok: true } & Parsed) | { ok: false; message: string; usage: string };

export const ALIASES: Record<string, CommandName> = {
  resume: "continue",
  "start-fresh": "restart",
  log: "show",
  logs: "show",
  issues: "issue",
  specs: "spec",
  ls: "issue",
  projects: "project",
};

/** `arbor issues` is `arbor issue list` (and `ls`, `specs` likewise). */
const LIST_ALIASES = new Set(["issues", "specs", "ls"]);

function isCommandName(s: string): s is Exclude<CommandName, "version"> {
  return Object.hasOwn(USAGE, s);
}

function fail(message: string, name?: Exclude<CommandName, "version">): ParseResult {
  return { ok: false, message, usage: name ? `usage: ${USAGE[name]}` : "usage: arbor <command> [args] — try `arbor help`" };
}

export function parseCliArgs(input: readonly string[]): ParseResult {
  // `--url` may also come before the command: `arbor --url http://h:3000 tree ISSUE-1`.
  let argv = [...input];
  let leadingUrl: string | undefined;
  while (argv[0] === "--url" || argv[0]?.startsWith("--url=")) {
    const value = argv[0] === "--url" ? argv[1] : argv[0].slice("--url=".length);
    if (value === undefined || value.trim() === "") return fail("--url needs a value");
    leadingUrl = value;
    argv = argv.slice(argv[0] === "--url" ? 2 : 1);
  }
  const noOptions = ["help", "--help", "-h", "version", "--version", "-V"];
  if (leadingUrl !== undefined && argv.length > 0 && !noOptions.includes(argv[0]!) && !argv.includes("--url") && !argv.some((a) => a.startsWith("--url="))) {
    argv.push(`--url=${leadingUrl}`);
  }
  const first = argv[0];
  if (first === undefined) return { ok: true, command: { name: "help" } };
  if (first === "--help" || first === "-h") return { ok: true, command: { name: "help", topic: argv[1] } };
  if (first === "--version" || first === "-V" || first === "version") return { ok: true, command: { name: "version" } };

  const resolved = ALIASES[first] ?? first;
  if (!isCommandName(resolved)) {
    return fail(first.startsWith("-") ? `unknown option "${first}" (options go after the command)` : `unknown command "${first}"`);
  }
  const name = resolved;
  if (name === "help") {
    if (argv.length > 2) return fail("help takes at most one argument", "help");
    return { ok: true, command: { name: "help", topic: argv[1] } };
  }

  let values: Record<string, string | boolean | string[] | undefined>;
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args: argv.slice(1) as string[],
      options: OPTIONS[name],
      allowPositionals: true,
      strict: true,
    });
    values = parsed.values as Record<string, string | boolean | string[] | undefined>;
    positionals = LIST_ALIASES.has(first) ? ["list", ...parsed.positionals] : parsed.positionals;
  } catch (err) {
    return fail(cleanParseError(err), name);
  }

  if (values.help) return { ok: true, command: { name: "help", topic: name } };
  const json = values.json === true;
  const follow = values.follow === true;
  const url = typeof values.url === "string" ? values.url : undefined;
  const ok = (command: Command): ParseResult => ({ ok: true, command, ...(url !== undefined ? { url } : {}) });

  const freshSession = values["fresh-session"] === true;
  const policy = parsePolicyFlags(values);
  if (!policy.ok) return fail(policy.message, name);
  const permissions = policy.value ? { permissions: policy.value } : {};
  for (const key of name === "project" ? (["url"] as const) : (["agent", "model", "cwd", "url", "q", "session", "project", "from"] as const)) {
    if (typeof values[key] === "string" && (values[key] as string).trim() === "") return fail(`--${key} needs a value`, name);
  }

  switch (name) {
    case "run": {
      const parsed = parseRunArgs(positionals, values, { freshSession, follow, json, ...permissions });
      return parsed.ok ? ok(parsed.command) : fail(parsed.message, name);
    }
    case "continue":
    case "fork": {
      const parsed = parseFollowUpArgs(name, positionals, values, { freshSession, follow, json, ...permissions });
      return parsed.ok ? ok(parsed.command) : fail(parsed.message, name);
    }
    case "restart": {
      const [executionId, ...rest] = positionals;
      if (!executionId) return fail("missing execution id", name);
      const prompt = rest.join(" ");
      return ok({ name, executionId, ...(prompt.trim() ? { prompt } : {}), withoutConversation: values["without-conversation"] === true, follow, json });
    }
    case "cancel":
    case "show": {
      if (positionals.length === 0) return fail("missing execution id", name);
      if (positionals.length > 1) return fail(`unexpected argument "${positionals[1]}"`, name);
      return ok({ name, executionId: positionals[0]!, json });
    }
    case "tree": {
      if (positionals.length === 0) return fail("missing issue id", name);
      if (positionals.length > 1) return fail(`unexpected argument "${positionals[1]}"`, name);
      return ok({ name, issueId: positionals[0]!, json });
    }
    case "group":
    case "groups": {
      const parsed = name === "group" ? parseGroupArgs(positionals, values, { follow, json }) : parseGroupsArgs(positionals, { json });
      return parsed.ok ? ok(parsed.command) : fail(parsed.message, name);
    }
    case "issue":
    case "spec": {
      const parsed = parseWorkItemArgs(name, positionals, values as Record<string, string | boolean | undefined>);
      return parsed.ok ? ok(parsed.command) : fail(parsed.message, name);
    }
    case "inbox":
    case "approve":
    case "deny": {
      const parsed = parseApprovalArgs(name, positionals, values, json);
      return parsed.ok ? ok(parsed.value) : fail(parsed.message, name);
    }
    case "agents": {
      if (positionals.length > 0) return fail(`unexpected argument "${positionals[0]}"`, name);
      return ok({ name, json });
    }
    case "runners":
    case "runner": {
      const parsed = name === "runners" ? parseRunnersArgs(positionals, json) : parseRunnerArgs(positionals, json);
      return parsed.ok ? ok(parsed.command) : fail(parsed.message, name);
    }
    case "mcp": {
      // No token argument on purpose: argv is visible to every process on the machine (ARBOR_MCP_TOKEN).
      if (positionals.length > 0) return fail(`unexpected argument "${positionals[0]}" (the token goes in ARBOR_MCP_TOKEN)`, name);
      return ok({ name });
    }
    case "sessions": {
      if (positionals.length > 0) return fail(`unexpected argument "${positionals[0]}" (search with --q)`, name);
      const q = values.q as string | undefined;
      const agent = values.agent as string | undefined;
      return ok({ name, ...(q !== undefined ? { q } : {}), ...(agent !== undefined ? { agent } : {}), archived: values.archived === true, json });
    }
    case "session": {
      if (positionals.length === 0) return fail("missing session id (e.g. SESS-1)", name);
      if (positionals.length > 1) return fail(`unexpected argument "${positionals[1]}"`, name);
      if (values.poison === true && values.unpoison === true) return fail("--poison and --unpoison do not go together", name);
      const note = values.note as string | undefined;
      if (note !== undefined && values.poison !== true) return fail("--note goes with --poison", name);
      const poison = values.poison === true ? "mark" : values.unpoison === true ? "clear" : undefined;
      if (values.warm === true && values["no-warm"] === true) return fail("--warm and --no-warm do not go together", name);
      const keepWarm = values.warm === true ? true : values["no-warm"] === true ? false : undefined;
      return ok({
        name,
        sessionId: positionals[0]!,
        ...(poison ? { poison } : {}),
        ...(note !== undefined ? { note } : {}),
        ...(keepWarm !== undefined ? { keepWarm } : {}),
        json,
      });
    }
    case "search": {
      const q = positionals.join(" ");
      if (q.trim() === "") return fail("missing search text", name);
      let limit: number | undefined;
      if (values.limit !== undefined) {
        limit = Number(values.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 100) return fail("--limit must be a whole number from 1 to 100", name);
      }
      return ok({ name, q, ...(limit !== undefined ? { limit } : {}), json });
    }
    case "bundle": {
      const parsed = parseBundleArgs(positionals, values as Record<string, string | boolean | undefined>);
      return parsed.ok ? ok(parsed.command) : fail(parsed.message, name);
    }
    case "project":
    case "diff":
    case "apply": {
      const parse = { project: parseProjectArgs, diff: parseDiffArgs, apply: parseApplyArgs }[name];
      const parsed = parse(positionals, values);
      return parsed.ok ? ok(parsed.command) : fail(parsed.message, name);
    }
    case "push": {
      const parsed = parsePushArgs(positionals, json);
      return parsed.ok ? ok(parsed.command) : fail(parsed.message, name);
    }
    case "pr": {
      const parsed = parsePrArgs(positionals, values, json);
      return parsed.ok ? ok(parsed.command) : fail(parsed.message, name);
    }
    case "stats":
    case "mark":
    case "unmark": {
      const parse = { stats: parseStats, mark: parseMark, unmark: parseUnmark }[name];
      const parsed = parse(
        positionals,
        values as Record<string, string | boolean | undefined>,
        (message) => fail(message, name) as { ok: false; message: string; usage: string },
      );
      return "ok" in parsed ? parsed : ok(parsed);
    }
  }
}

/** util.parseArgs messages are long and mention internals; keep the useful part. */
function cleanParseError(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  const unknown = /Unknown option '([^']+)'/.exec(msg);
  if (unknown) return `unknown option "${unknown[1]}"`;
  const needsValue = /Option '(?:-\w, )?(--[\w-]+)[^']*' argument missing/.exec(msg);
  if (needsValue) return `${needsValue[1]} needs a value`;
  return msg.split(". ")[0]!.replace(/^TypeError \[[A-Z_]+\]: /, "");
}
