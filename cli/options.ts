// The options each `arbor` command takes (node:util parseArgs), by command. Data only.

import type { ParseArgsConfig } from "node:util";
import { APPROVAL_OPTIONS, POLICY_OPTIONS } from "./approval-args";
import { STATS_FILTERS } from "./insights-args";
import { APPLY_OPTIONS, PROJECT_OPTIONS } from "./project-args";
import { GROUP_OPTIONS } from "./group-args";
import { PR_OPTIONS } from "./pull-args";
import { WORK_ITEM_OPTIONS } from "./work-item-args";

type Options = NonNullable<ParseArgsConfig["options"]>;

const COMMON: Options = {
  json: { type: "boolean" },
  url: { type: "string" },
  help: { type: "boolean", short: "h" },
};
const FOLLOW: Options = { follow: { type: "boolean", short: "f" } };
const FRESH: Options = { "fresh-session": { type: "boolean" } };
/** --agent NAME [--model M], or --agents a,b:model (a fan-out). */
const AGENTS: Options = { agent: { type: "string", short: "a" }, model: { type: "string" }, agents: { type: "string" } };

/** Keyed by command name: args.ts indexes it with every command's name, so one without its entry fails the type check. */
export const OPTIONS = {
  run: {
    ...COMMON,
    ...FOLLOW,
    ...FRESH,
    ...AGENTS,
    cwd: { type: "string", short: "C" },
    project: { type: "string", short: "p" },
    "shared-directory": { type: "boolean" },
    from: { type: "string" },
    session: { type: "string", short: "s" },
    fork: { type: "boolean" },
    ...POLICY_OPTIONS,
  },
  // continue takes AGENTS only to refuse them clearly: a Continue stays with its session's agent.
  // --with-review / --with-check: the prompt carries the line's PR review and CI, or its failing check (a prompt of one's own is then optional).
  continue: { ...COMMON, ...FOLLOW, ...FRESH, ...AGENTS, ...POLICY_OPTIONS, "with-review": { type: "boolean" }, "with-check": { type: "boolean" } },
  fork: { ...COMMON, ...FOLLOW, ...FRESH, ...AGENTS, ...POLICY_OPTIONS },
  inbox: { ...COMMON, ...APPROVAL_OPTIONS.inbox },
  approve: { ...COMMON, ...APPROVAL_OPTIONS.approve },
  deny: { ...COMMON, ...APPROVAL_OPTIONS.deny },
  restart: { ...COMMON, ...FOLLOW, "without-conversation": { type: "boolean" } },
  cancel: COMMON,
  show: COMMON,
  tree: COMMON,
  group: { ...COMMON, ...FOLLOW, ...GROUP_OPTIONS },
  groups: COMMON,
  issue: { ...COMMON, ...WORK_ITEM_OPTIONS.issue },
  spec: { ...COMMON, ...WORK_ITEM_OPTIONS.spec },
  sessions: { ...COMMON, q: { type: "string", short: "q" }, agent: { type: "string", short: "a" }, archived: { type: "boolean" } },
  session: {
    ...COMMON,
    poison: { type: "boolean" },
    unpoison: { type: "boolean" },
    note: { type: "string" },
    warm: { type: "boolean" },
    "no-warm": { type: "boolean" },
  },
  search: { ...COMMON, limit: { type: "string", short: "n" } },
  agents: COMMON,
  runners: COMMON,
  runner: COMMON,
  // Only --url: stdout carries JSON-RPC, so there is no --json, and the token never comes from argv.
  mcp: { url: { type: "string" }, help: { type: "boolean", short: "h" } },
  bundle: { ...COMMON, ...FOLLOW, description: { type: "string", short: "d" } },
  project: { ...COMMON, ...PROJECT_OPTIONS },
  diff: { ...COMMON, stat: { type: "boolean" } },
  apply: { ...COMMON, ...APPLY_OPTIONS },
  push: COMMON,
  pr: { ...COMMON, ...PR_OPTIONS },
  stats: { ...COMMON, ...Object.fromEntries(STATS_FILTERS.map((key) => [key, { type: "string" as const }])) },
  mark: { ...COMMON, note: { type: "string", short: "m" }, over: { type: "string" } },
  unmark: { ...COMMON, preferred: { type: "boolean" } },
} satisfies Record<string, Options>;
