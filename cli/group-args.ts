// Arguments of `arbor group` (a fan-out's members side by side, pick one,
// cancel the rest) and `arbor groups ISSUE` (an issue's fan-outs). Pure.

import type { ParseArgsConfig } from "node:util";
import { parseGroupId } from "@/lib/groups/ids";

type Options = NonNullable<ParseArgsConfig["options"]>;
type Values = Record<string, string | boolean | string[] | undefined>;

export type GroupCommand =
  | { name: "group"; action: "show"; groupId: string; follow: boolean; json: boolean }
  | {
      name: "group";
      action: "pick";
      groupId: string;
      /** A full id or a short one (resolved by the server, as everywhere). */
      executionId: string;
      apply: boolean;
      archiveOthers: boolean;
      note?: string;
      json: boolean;
    }
  | { name: "group"; action: "cancel"; groupId: string; json: boolean }
  | { name: "groups"; issueId: string; json: boolean };

export const GROUP_OPTIONS: Options = {
  apply: { type: "boolean" },
  "archive-others": { type: "boolean" },
  note: { type: "string", short: "m" },
};

type Parsed = { ok: true; command: GroupCommand } | { ok: false; message: string };

const ACTIONS = new Set(["show", "pick", "cancel"]);

/** `group GRP-3` (show), `group show GRP-3`, `group pick GRP-3 <id> [--apply] [--archive-others] [--note …]`, `group cancel GRP-3`. */
export function parseGroupArgs(positionals: string[], values: Values, common: { follow: boolean; json: boolean }): Parsed {
  const fail = (message: string): Parsed => ({ ok: false, message });
  const [first, ...rest] = positionals;
  if (first === undefined) return fail("missing group id (e.g. GRP-1)");
  const action = ACTIONS.has(first) ? (first as "show" | "pick" | "cancel") : "show";
  const args = ACTIONS.has(first) ? rest : positionals;
  const rawGroup = args[0];
  if (rawGroup === undefined) return fail(`missing group id (e.g. arbor group ${action} GRP-1)`);
  const groupId = parseGroupId(rawGroup);
  if (!groupId) return fail(`"${rawGroup}" is not a group id: group ids look like GRP-1`);
  const pickOnly = [values.apply === true && "--apply", values["archive-others"] === true && "--archive-others", values.note !== undefined && "--note"].filter(
    (flag): flag is string => typeof flag === "string",
  );
  if (action !== "pick" && pickOnly.length) return fail(`${pickOnly.join(" and ")} go${pickOnly.length === 1 ? "es" : ""} with "arbor group pick"`);
  if (action !== "show" && common.follow) return fail(`--follow goes with "arbor group <GRP>" (it waits for every member)`);
  if (action === "pick") {
    const executionId = args[1];
    if (executionId === undefined) return fail(`missing the member to pick: arbor group pick ${groupId} <execution id>`);
    if (args.length > 2) return fail(`unexpected argument "${args[2]}"`);
    const note = values.note as string | undefined;
    if (note !== undefined && note.trim() === "") return fail("--note needs a value");
    return {
      ok: true,
      command: {
        name: "group",
        action,
        groupId,
        executionId,
        apply: values.apply === true,
        archiveOthers: values["archive-others"] === true,
        ...(note !== undefined ? { note } : {}),
        json: common.json,
      },
    };
  }
  if (args.length > 1) return fail(`unexpected argument "${args[1]}"`);
  if (action === "cancel") return { ok: true, command: { name: "group", action, groupId, json: common.json } };
  return { ok: true, command: { name: "group", action, groupId, follow: common.follow, json: common.json } };
}

export function parseGroupsArgs(positionals: string[], common: { json: boolean }): Parsed {
  if (positionals.length === 0) return { ok: false, message: "missing issue id (e.g. ISSUE-1)" };
  if (positionals.length > 1) return { ok: false, message: `unexpected argument "${positionals[1]}"` };
  return { ok: true, command: { name: "groups", issueId: positionals[0]!, json: common.json } };
}
