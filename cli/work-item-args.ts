// Arguments of `arbor issue …` and `arbor spec …` (and `arbor issues` / `arbor specs`,
// which are their `list`): argv → a typed command, or a usage error. Pure.

import type { ParseArgsConfig } from "node:util";

export type WorkItemKind = "issue" | "spec";

/** Where a new issue's or spec's text comes from. */
export type BodySource = { from: "text"; text: string } | { from: "file"; path: string } | { from: "stdin" };

export type WorkItemCommand =
  | {
      name: WorkItemKind;
      action: "create";
      title: string;
      body?: BodySource;
      /** PROJ-n, or "default" for the default workspace. */
      project?: string;
      /** Issues: the spec it belongs to. */
      spec?: string;
      /** Issues: low, medium, high or urgent (the server checks). */
      priority?: string;
      json: boolean;
    }
  | { name: WorkItemKind; action: "list"; project?: string; status?: string; spec?: string; q?: string; json: boolean }
  | { name: WorkItemKind; action: "show"; id: string; json: boolean };

export const WORK_ITEM_ACTIONS = ["create", "list", "show"] as const;

const shared = {
  body: { type: "string" },
  "body-file": { type: "string" },
  project: { type: "string", short: "p" },
  q: { type: "string", short: "q" },
} as const;

/** The options of `arbor issue` and `arbor spec` (besides --json, --url, --help), for util.parseArgs. */
export const WORK_ITEM_OPTIONS: Record<WorkItemKind, NonNullable<ParseArgsConfig["options"]>> = {
  issue: { ...shared, spec: { type: "string" }, priority: { type: "string" }, status: { type: "string" } },
  spec: shared,
};

type Parsed = { ok: true; command: WorkItemCommand } | { ok: false; message: string };
type Values = Record<string, string | boolean | undefined>;

const fail = (message: string): Parsed => ({ ok: false, message });

/** Which options each action takes (every other one given is a usage error). */
const ACTION_OPTIONS: Record<WorkItemKind, Record<(typeof WORK_ITEM_ACTIONS)[number], string[]>> = {
  issue: { create: ["body", "body-file", "project", "spec", "priority"], list: ["project", "status", "spec", "q"], show: [] },
  spec: { create: ["body", "body-file", "project"], list: ["project", "q"], show: [] },
};
const ALL_OPTIONS = ["body", "body-file", "project", "spec", "priority", "status", "q"];

export function parseWorkItemArgs(kind: WorkItemKind, positionals: string[], values: Values): Parsed {
  const [action, ...args] = positionals;
  const json = values.json === true;
  if (!action) return fail(`missing action: one of ${WORK_ITEM_ACTIONS.join(", ")}`);
  if (!(WORK_ITEM_ACTIONS as readonly string[]).includes(action)) return fail(`unknown action "${action}": one of ${WORK_ITEM_ACTIONS.join(", ")}`);
  const act = action as (typeof WORK_ITEM_ACTIONS)[number];
  for (const key of ALL_OPTIONS) {
    const value = values[key];
    if (value === undefined) continue;
    if (!ACTION_OPTIONS[kind][act].includes(key)) {
      const takers = WORK_ITEM_ACTIONS.filter((a) => ACTION_OPTIONS[kind][a].includes(key));
      return fail(takers.length ? `--${key} only goes with ${takers.join(" and ")}` : `${kind}s take no --${key}`);
    }
    if (typeof value === "string" && value.trim() === "") return fail(`--${key} needs a value`);
  }
  const str = (key: string) => (typeof values[key] === "string" ? (values[key] as string).trim() : undefined);
  const opt = (key: string, as = key) => (str(key) !== undefined ? { [as]: str(key) } : {});

  switch (act) {
    case "create": {
      const title = args.join(" ");
      if (title.trim() === "") return fail(`missing title, e.g. arbor ${kind} create "Fix the login bug"`);
      if (values.body !== undefined && values["body-file"] !== undefined) return fail("give --body or --body-file, not both");
      const text = values.body as string | undefined;
      const file = str("body-file");
      const body: BodySource | undefined =
        text === "-" || file === "-"
          ? { from: "stdin" }
          : text !== undefined
            ? { from: "text", text }
            : file !== undefined
              ? { from: "file", path: file }
              : undefined;
      return { ok: true, command: { name: kind, action: act, title, ...(body ? { body } : {}), ...opt("project"), ...opt("spec"), ...opt("priority"), json } };
    }
    case "list":
      if (args.length > 0) return fail(`unexpected argument "${args[0]}" (search with -q)`);
      return { ok: true, command: { name: kind, action: act, ...opt("project"), ...opt("status"), ...opt("spec"), ...opt("q"), json } };
    case "show":
      if (!args[0]) return fail(`missing ${kind} id (e.g. ${kind.toUpperCase()}-1)`);
      if (args.length > 1) return fail(`unexpected argument "${args[1]}"`);
      return { ok: true, command: { name: kind, action: act, id: args[0], json } };
  }
}
