// The project flags of closing the loop (issue 25) for `arbor project add|edit`:
// the check, the worktree's setup and cleanup scripts, the files copied into
// each new worktree, and the remote. Pure: argv values → the API's fields.

import type { ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

export const LOOP_OPTIONS: Options = {
  check: { type: "string" },
  "no-check": { type: "boolean" },
  "check-timeout": { type: "string" },
  "setup-script": { type: "string" },
  "no-setup-script": { type: "boolean" },
  "copy-files": { type: "string" },
  "cleanup-script": { type: "string" },
  "no-cleanup-script": { type: "boolean" },
  remote: { type: "string" },
  "no-remote": { type: "boolean" },
};

/** The fields as POST/PATCH /api/projects take them; null clears one (edit). */
export type LoopSettings = {
  checkCommand?: string | null;
  checkTimeoutSeconds?: number;
  setupScript?: string | null;
  copyFiles?: string[];
  cleanupScript?: string | null;
  remote?: string | null;
};

type Values = Record<string, string | boolean | string[] | undefined>;

/** Flags that clear a setting go with edit only (add sets nothing it is not given). */
export const LOOP_CLEARING = ["no-check", "no-setup-script", "no-cleanup-script", "no-remote"] as const;

export function parseLoopFlags(values: Values): { ok: true; value: LoopSettings } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : undefined);
  const settings: LoopSettings = {};
  const pairs = [
    ["check", "no-check", "checkCommand"],
    ["setup-script", "no-setup-script", "setupScript"],
    ["cleanup-script", "no-cleanup-script", "cleanupScript"],
    ["remote", "no-remote", "remote"],
  ] as const;
  for (const [set, clear, field] of pairs) {
    const value = text(set);
    if (value !== undefined && values[clear] === true) return fail(`--${set} and --${clear} do not go together`);
    if (value !== undefined) {
      if (value.trim() === "") return fail(`--${set} needs a value (--${clear} removes it)`);
      settings[field] = value;
    }
    if (values[clear] === true) settings[field] = null;
  }
  const timeout = text("check-timeout");
  if (timeout !== undefined) {
    const seconds = Number(timeout);
    if (!/^\d+$/.test(timeout.trim()) || seconds < 1) return fail("--check-timeout takes a whole number of seconds, at least 1");
    settings.checkTimeoutSeconds = seconds;
  }
  const copy = text("copy-files");
  // Comma-separated globs; an empty value copies nothing any more.
  if (copy !== undefined)
    settings.copyFiles = copy
      .split(",")
      .map((glob) => glob.trim())
      .filter(Boolean);
  return { ok: true, value: settings };
}
