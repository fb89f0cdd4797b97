// Arguments of `arbor project …`, `arbor diff` and `arbor apply`: argv → a typed command, or a usage error. Pure.

import type { ParseArgsConfig } from "node:util";
import { parsePolicyFlags, POLICY_OPTIONS, type PolicyFlags } from "./approval-args";
import { LOOP_CLEARING, LOOP_OPTIONS, parseLoopFlags, type LoopSettings } from "./loop-args";

/** What `project add` and `project edit` may set (edit: only what is given changes). */
export type ProjectSettings = {
  projectName?: string;
  baseBranch?: string;
  /** null (edit, `--agent none`): no default agent. */
  agent?: string | null;
  /** Apply runs the repository's own hooks (add: off unless given; edit: --no-run-hooks-on-apply turns it off). */
  runHooksOnApply?: boolean;
  /** Its runs get Arbor's MCP server (--mcp / --no-mcp; add: on unless --no-mcp). */
  mcp?: boolean;
  /** --mode/--allow/--deny: what agents may do alone there; null (edit, --clear-permissions): each agent's default. */
  permissions?: PolicyFlags | null;
  /** The check, setup and cleanup scripts, copied files and remote (issue 25): only those given. */
  loop?: LoopSettings;
};

export type ProjectCommand =
  | { name: "project"; action: "list"; archived: boolean; json: boolean }
  | { name: "project"; action: "show" | "remove" | "archive" | "unarchive"; projectId: string; json: boolean }
  | { name: "project"; action: "clean"; projectId: string; deleteBranches: boolean; json: boolean }
  | ({ name: "project"; action: "add"; path: string; json: boolean } & ProjectSettings)
  | ({ name: "project"; action: "edit"; projectId: string; json: boolean } & ProjectSettings);

export type DiffCommand = { name: "diff"; executionId: string; otherId?: string; stat: boolean; json: boolean };
export type ApplyCommand = {
  name: "apply";
  executionId: string;
  strategy: "squash" | "merge";
  message?: string;
  /** Apply without asking (needed where there is no terminal to ask on). */
  yes: boolean;
  /** Only the file list of the preview, not its patch. */
  stat: boolean;
  json: boolean;
};

export const PROJECT_ACTIONS = ["add", "edit", "list", "show", "archive", "unarchive", "remove", "clean"] as const;

type Options = NonNullable<ParseArgsConfig["options"]>;

/** The options `arbor project` takes (cli/args.ts). */
export const PROJECT_OPTIONS: Options = {
  name: { type: "string" },
  "base-branch": { type: "string" },
  agent: { type: "string", short: "a" },
  "delete-branches": { type: "boolean" },
  "run-hooks-on-apply": { type: "boolean" },
  "no-run-hooks-on-apply": { type: "boolean" },
  mcp: { type: "boolean" },
  "no-mcp": { type: "boolean" },
  "clear-permissions": { type: "boolean" },
  archived: { type: "boolean" },
  ...POLICY_OPTIONS,
  ...LOOP_OPTIONS,
};

/** The options `arbor apply` takes. */
export const APPLY_OPTIONS: Options = {
  squash: { type: "boolean" },
  merge: { type: "boolean" },
  message: { type: "string", short: "m" },
  yes: { type: "boolean", short: "y" },
  stat: { type: "boolean" },
};

type Values = Record<string, string | boolean | string[] | undefined>;
type Parsed<C> = { ok: true; command: C } | { ok: false; message: string };

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** Which actions each option goes with: a misplaced one is a usage error naming them. */
const OPTION_ACTIONS: Record<string, readonly string[]> = {
  name: ["add", "edit"],
  "base-branch": ["add", "edit"],
  agent: ["add", "edit"],
  "run-hooks-on-apply": ["add", "edit"],
  "no-run-hooks-on-apply": ["edit"],
  mcp: ["add", "edit"],
  "no-mcp": ["add", "edit"],
  mode: ["add", "edit"],
  "clear-permissions": ["edit"],
  "delete-branches": ["clean"],
  archived: ["list"],
  ...Object.fromEntries(Object.keys(LOOP_OPTIONS).map((key) => [key, (LOOP_CLEARING as readonly string[]).includes(key) ? ["edit"] : ["add", "edit"]])),
};

export function parseProjectArgs(positionals: string[], values: Values): Parsed<ProjectCommand> {
  // `arbor project` / `arbor projects` alone lists them.
  const [action = "list", ...args] = positionals;
  const json = values.json === true;
  for (const [key, actions] of Object.entries(OPTION_ACTIONS)) {
    if (values[key] !== undefined && !actions.includes(action)) return fail(`--${key} only goes with ${actions.join(" or ")}`);
  }
  for (const key of ["name", "base-branch", "agent"] as const) {
    if (typeof values[key] === "string" && (values[key] as string).trim() === "") return fail(`--${key} needs a value`);
  }
  const extra = (from: number) => (args.length > from ? fail(`unexpected argument "${args[from]}"`) : null);
  const needsId = () => (args[0] ? null : fail("missing project id (e.g. PROJ-1)"));
  switch (action) {
    case "list":
    case "ls":
      return extra(0) ?? { ok: true, command: { name: "project", action: "list", archived: values.archived === true, json } };
    case "show":
    case "remove":
    case "rm":
    case "archive":
    case "unarchive":
      return needsId() ?? extra(1) ?? { ok: true, command: { name: "project", action: action === "rm" ? "remove" : action, projectId: args[0]!, json } };
    case "clean":
      return (
        needsId() ??
        extra(1) ?? { ok: true, command: { name: "project", action: "clean", projectId: args[0]!, deleteBranches: values["delete-branches"] === true, json } }
      );
    case "add": {
      if (!args[0]) return fail("missing the directory to register");
      const settings = projectSettings(values, "add");
      if (!settings.ok) return settings;
      return extra(1) ?? { ok: true, command: { name: "project", action: "add", path: args[0], ...settings.value, json } };
    }
    case "edit": {
      const settings = projectSettings(values, "edit");
      if (!settings.ok) return settings;
      if (Object.keys(settings.value).length === 0) {
        return fail(
          "nothing to change: give --name, --base-branch, --agent, --run-hooks-on-apply / --no-run-hooks-on-apply, --mcp / --no-mcp, --mode (with --allow / --deny), --clear-permissions, --check / --no-check, --check-timeout, --setup-script, --copy-files, --cleanup-script or --remote",
        );
      }
      return needsId() ?? extra(1) ?? { ok: true, command: { name: "project", action: "edit", projectId: args[0]!, ...settings.value, json } };
    }
    default:
      return fail(`unknown action "${action}": one of ${PROJECT_ACTIONS.join(", ")}`);
  }
}

/** The settings --name, --base-branch, --agent, the hooks and MCP switches and the policy flags give (only those given). */
function projectSettings(values: Values, action: "add" | "edit"): { ok: true; value: ProjectSettings } | { ok: false; message: string } {
  const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : undefined);
  const settings: ProjectSettings = {};
  if (text("name") !== undefined) settings.projectName = text("name");
  if (text("base-branch") !== undefined) settings.baseBranch = text("base-branch");
  const agent = text("agent");
  // `--agent none` on edit: back to Arbor's default agent.
  if (agent !== undefined) settings.agent = action === "edit" && agent.trim().toLowerCase() === "none" ? null : agent;
  if (values["run-hooks-on-apply"] === true && values["no-run-hooks-on-apply"] === true) {
    return fail("--run-hooks-on-apply and --no-run-hooks-on-apply do not go together");
  }
  if (values["run-hooks-on-apply"] === true) settings.runHooksOnApply = true;
  if (values["no-run-hooks-on-apply"] === true) settings.runHooksOnApply = false;
  if (values.mcp === true && values["no-mcp"] === true) return fail("--mcp and --no-mcp do not go together");
  if (values.mcp === true) settings.mcp = true;
  if (values["no-mcp"] === true) settings.mcp = false;
  const policy = parsePolicyFlags(values);
  if (!policy.ok) return policy;
  if (values["clear-permissions"] === true) {
    if (policy.value) return fail("--clear-permissions does not go with --mode, --allow or --deny");
    settings.permissions = null;
  } else if (policy.value) settings.permissions = policy.value;
  const loop = parseLoopFlags(values);
  if (!loop.ok) return loop;
  if (Object.keys(loop.value).length > 0) settings.loop = loop.value;
  return { ok: true, value: settings };
}

export function parseDiffArgs(positionals: string[], values: Values): Parsed<DiffCommand> {
  const [executionId, otherId, ...rest] = positionals;
  if (!executionId) return fail("missing execution id");
  if (rest.length > 0) return fail(`unexpected argument "${rest[0]}"`);
  return { ok: true, command: { name: "diff", executionId, ...(otherId ? { otherId } : {}), stat: values.stat === true, json: values.json === true } };
}

export function parseApplyArgs(positionals: string[], values: Values): Parsed<ApplyCommand> {
  const [executionId, ...rest] = positionals;
  if (!executionId) return fail("missing execution id");
  if (rest.length > 0) return fail(`unexpected argument "${rest[0]}"`);
  if (values.squash === true && values.merge === true) return fail("--squash and --merge do not go together");
  const message = typeof values.message === "string" ? values.message : undefined;
  if (message !== undefined && message.trim() === "") return fail("--message needs a value");
  return {
    ok: true,
    command: {
      name: "apply",
      executionId,
      // Squash by default: the base branch gets one commit with the line's changes.
      strategy: values.merge === true ? "merge" : "squash",
      ...(message !== undefined ? { message } : {}),
      yes: values.yes === true,
      stat: values.stat === true,
      json: values.json === true,
    },
  };
}
