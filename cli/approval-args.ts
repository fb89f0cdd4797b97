// Arguments of the people-in-the-loop commands (`arbor inbox`, `approve`,
// `deny`) and of the permission flags `run`, `continue` and `fork` take
// (--mode, --allow, --deny). Pure.

import type { ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;
type Values = Record<string, string | boolean | string[] | undefined>;

export const PERMISSION_MODES = ["ask", "edits", "plan", "trusted"] as const;

/** A turn's own permission policy, as the API takes it. */
export type PolicyFlags = { mode: (typeof PERMISSION_MODES)[number]; allow?: string[]; deny?: string[] };

export type ApprovalCommand =
  | { name: "inbox"; all: boolean; json: boolean }
  | { name: "approve"; approvalId: string; scope: "once" | "session" | "project"; answers?: Record<string, string>; message?: string; json: boolean }
  | { name: "deny"; approvalId: string; message?: string; json: boolean };

export const POLICY_OPTIONS: Options = {
  mode: { type: "string" },
  allow: { type: "string", multiple: true },
  deny: { type: "string", multiple: true },
};

export const APPROVAL_OPTIONS: Record<ApprovalCommand["name"], Options> = {
  inbox: { all: { type: "boolean" } },
  approve: { session: { type: "boolean" }, project: { type: "boolean" }, answer: { type: "string", multiple: true }, message: { type: "string", short: "m" } },
  deny: { message: { type: "string", short: "m" } },
};

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** --mode/--allow/--deny → the turn's policy (none given: its project's applies). */
export function parsePolicyFlags(values: Values): Parsed<PolicyFlags | undefined> {
  const mode = values.mode as string | undefined;
  const allow = (values.allow as string[] | undefined) ?? [];
  const deny = (values.deny as string[] | undefined) ?? [];
  if (mode === undefined) {
    if (allow.length || deny.length)
      return { ok: false, message: `${allow.length ? "--allow" : "--deny"} goes with --mode (e.g. --mode ask --allow "Bash(npm test:*)")` };
    return { ok: true, value: undefined };
  }
  if (!(PERMISSION_MODES as readonly string[]).includes(mode)) return { ok: false, message: `--mode must be one of ${PERMISSION_MODES.join(", ")}` };
  return {
    ok: true,
    value: { mode: mode as PolicyFlags["mode"], ...(allow.length ? { allow } : {}), ...(deny.length ? { deny } : {}) },
  };
}

export function parseApprovalArgs(name: ApprovalCommand["name"], positionals: string[], values: Values, json: boolean): Parsed<ApprovalCommand> {
  if (name === "inbox") {
    if (positionals.length > 0) return { ok: false, message: `unexpected argument "${positionals[0]}"` };
    return { ok: true, value: { name, all: values.all === true, json } };
  }
  const [approvalId, ...rest] = positionals;
  if (!approvalId) return { ok: false, message: "missing approval id (e.g. APR-3, as `arbor inbox` lists them)" };
  if (rest.length > 0) return { ok: false, message: `unexpected argument "${rest[0]}" (a message goes after -m)` };
  const message = values.message as string | undefined;
  if (name === "deny") return { ok: true, value: { name, approvalId, ...(message !== undefined ? { message } : {}), json } };
  if (values.session === true && values.project === true) return { ok: false, message: "--session and --project do not go together" };
  const answers: Record<string, string> = {};
  for (const answer of (values.answer as string[] | undefined) ?? []) {
    const at = answer.indexOf("=");
    if (at <= 0) return { ok: false, message: `--answer takes "question=answer" (got "${answer}")` };
    answers[answer.slice(0, at).trim()] = answer.slice(at + 1).trim();
  }
  return {
    ok: true,
    value: {
      name,
      approvalId,
      scope: values.session === true ? "session" : values.project === true ? "project" : "once",
      ...(Object.keys(answers).length ? { answers } : {}),
      ...(message !== undefined ? { message } : {}),
      json,
    },
  };
}
