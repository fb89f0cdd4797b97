// Command-line parsing: argv → a typed `Command`, or a usage error. Pure.

import { parseArgs, type ParseArgsConfig } from "node:util";

/** `continue` and `fork` take the same arguments. */
export type ExecutionPromptCommand = { name: "continue" | "fork"; executionId: string; prompt: string; follow: boolean; json: boolean };

export type Command =
  | { name: "run"; issueId: string; prompt: string; agent?: string; cwd?: string; follow: boolean; json: boolean }
  | ExecutionPromptCommand
  | { name: "cancel"; executionId: string; json: boolean }
  | { name: "show"; executionId: string; json: boolean }
  | { name: "tree"; issueId: string; json: boolean }
  | { name: "issues" | "specs"; json: boolean }
  | { name: "help"; topic?: string }
  | { name: "version" };

export type CommandName = Command["name"];

export interface Parsed {
  command: Command;
  /** `--url`, overriding ARBOR_URL. */
  url?: string;
}

export type ParseResult = ({ ok: true } & Parsed) | { ok: false; message: string; usage: string };

/** One usage line per command (also the source of `arbor help`). */
export const USAGE: Record<Exclude<CommandName, "version">, string> = {
  run: 'arbor run <ISSUE> "<prompt>" [--agent claude] [--cwd DIR] [--follow] [--json]',
  continue: 'arbor continue <executionId> "<prompt>" [--follow] [--json]',
  fork: 'arbor fork <executionId> "<prompt>" [--follow] [--json]',
  cancel: "arbor cancel <executionId> [--json]",
  show: "arbor show <executionId> [--json]",
  tree: "arbor tree <ISSUE> [--json]",
  issues: "arbor issues [--json]",
  specs: "arbor specs [--json]",
  help: "arbor help [command]",
};

export const DESCRIPTIONS: Record<Exclude<CommandName, "version">, string> = {
  run: "Start an agent on an issue (a new session).",
  continue: "Resume an execution's session with a new prompt.",
  fork: "Branch a new session from an execution.",
  cancel: "Cancel a queued or running execution.",
  show: "Print an execution and stream its log until it ends.",
  tree: "Draw an issue's session tree.",
  issues: "List issues.",
  specs: "List specs.",
  help: "Show help.",
};

const ALIASES: Record<string, CommandName> = {
  resume: "continue",
  log: "show",
  logs: "show",
  ls: "issues",
};

type Options = NonNullable<ParseArgsConfig["options"]>;

const COMMON: Options = {
  json: { type: "boolean" },
  url: { type: "string" },
  help: { type: "boolean", short: "h" },
};
const FOLLOW: Options = { follow: { type: "boolean", short: "f" } };

const OPTIONS: Record<Exclude<CommandName, "help" | "version">, Options> = {
  run: { ...COMMON, ...FOLLOW, agent: { type: "string", short: "a" }, cwd: { type: "string", short: "C" } },
  continue: { ...COMMON, ...FOLLOW },
  fork: { ...COMMON, ...FOLLOW },
  cancel: COMMON,
  show: COMMON,
  tree: COMMON,
  issues: COMMON,
  specs: COMMON,
};

function isCommandName(s: string): s is Exclude<CommandName, "version"> {
  return Object.prototype.hasOwnProperty.call(USAGE, s);
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

  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args: argv.slice(1) as string[],
      options: OPTIONS[name],
      allowPositionals: true,
      strict: true,
    });
    values = parsed.values as Record<string, string | boolean | undefined>;
    positionals = parsed.positionals;
  } catch (err) {
    return fail(cleanParseError(err), name);
  }

  if (values.help) return { ok: true, command: { name: "help", topic: name } };
  const json = values.json === true;
  const follow = values.follow === true;
  const url = typeof values.url === "string" ? values.url : undefined;
  const ok = (command: Command): ParseResult => ({ ok: true, command, ...(url !== undefined ? { url } : {}) });

  for (const key of ["agent", "cwd", "url"] as const) {
    if (typeof values[key] === "string" && (values[key] as string).trim() === "") return fail(`--${key} needs a value`, name);
  }

  switch (name) {
    case "run": {
      const [issueId, ...rest] = positionals;
      if (!issueId) return fail("missing issue id", name);
      const prompt = rest.join(" ");
      if (prompt.trim() === "") return fail("missing prompt", name);
      const agent = values.agent as string | undefined;
      const cwd = values.cwd as string | undefined;
      return ok({
        name,
        issueId,
        prompt,
        ...(agent !== undefined ? { agent } : {}),
        ...(cwd !== undefined ? { cwd } : {}),
        follow,
        json,
      });
    }
    case "continue":
    case "fork": {
      const [executionId, ...rest] = positionals;
      if (!executionId) return fail("missing execution id", name);
      const prompt = rest.join(" ");
      if (prompt.trim() === "") return fail("missing prompt", name);
      return ok({ name, executionId, prompt, follow, json });
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
    case "issues":
    case "specs": {
      if (positionals.length > 0) return fail(`unexpected argument "${positionals[0]}"`, name);
      return ok({ name, json });
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
