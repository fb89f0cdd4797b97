import { z } from "zod";
import { EXECUTION_STATUSES } from "@/lib/executions/types";
import { isoDateSchema, requestObject } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";

// Short execution ids (GET /api/executions/resolve?ref=): the UI and the CLI
// print the start of an execution's id; the server resolves it (a unique
// prefix of 8+ hex characters; ambiguous: the matches).

// The UI and the CLI print an execution as the first 8 hex characters of its
// uuid (`#3f2a9c1e`, `3f2a9c1e` in `arbor tree`). Anything a person copied
// from there (a leading "#", more characters, the dashes as printed, the full
// id) names the execution it is the start of. (The request schema lives here,
// with its answer, rather than above the Responses marker: one block.)

/** Fewest hex characters a short id may have: the 8 the UI and the CLI print. */
export const EXECUTION_REF_MIN_HEX = 8;
/** Most ambiguous matches an answer lists. */
export const EXECUTION_REF_MAX_MATCHES = 10;

const UUID_LAYOUT = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx";

/** `hex` (up to 32 characters) laid out as a uuid is printed, dashes in their places. */
export function hexAsUuid(hex: string): string {
  let out = "";
  let i = 0;
  for (const slot of UUID_LAYOUT) {
    if (i >= hex.length) break;
    out += slot === "-" ? "-" : hex[i++];
  }
  return out;
}

/** `?ref=`: the start of an execution id as printed → its lowercase hex digits (`hex`) and the text as typed (`shown`, for messages). */
const refRequired = "ref is required: the id shown (e.g. 3f2a9c1e) or the full id";
export const executionRefSchema = text({ error: refRequired })
  .trim()
  .min(1, refRequired)
  .transform((raw, ctx) => {
    const shown = raw.length > 60 ? `${raw.slice(0, 60)}…` : raw;
    const typed = raw.replace(/^#/, "").toLowerCase();
    const hex = typed.replaceAll("-", "");
    // Dashes only where the printed id has them: "3f2a9c1e-77b0", not "3f2a-9c1e".
    if (!/^[0-9a-f]+$/.test(hex) || hex.length > 32 || (typed !== hex && !hexAsUuid(hex.padEnd(32, "0")).startsWith(typed))) {
      ctx.addIssue({
        code: "custom",
        message: `"${shown}" is not an execution id: give the id shown (8 or more hex characters, e.g. 3f2a9c1e) or the full id`,
      });
      return z.NEVER;
    }
    if (hex.length < EXECUTION_REF_MIN_HEX) {
      ctx.addIssue({
        code: "custom",
        message: `"${shown}" is too short: give at least ${EXECUTION_REF_MIN_HEX} hex characters of the execution id (the id shown, e.g. 3f2a9c1e)`,
      });
      return z.NEVER;
    }
    return { hex, shown };
  });
export type ExecutionRef = z.output<typeof executionRefSchema>;

export const resolveExecutionQuerySchema = requestObject({ ref: executionRefSchema });

// ---- Responses ----------------------------------------------------------

/** An execution a short id names: enough to tell it from the others that start the same way. */
export const executionRefMatchSchema = z.object({
  id: z.string(),
  issueId: z.string(),
  /** Its session (SESS-n), once known. */
  managedSessionId: z.string().nullable(),
  status: z.enum(EXECUTION_STATUSES),
  /** The prompt's start (at most 80 characters, on one line). */
  prompt: z.string(),
  createdAt: isoDateSchema,
});
export type ExecutionRefMatch = z.infer<typeof executionRefMatchSchema>;

/** 200: the one execution whose id starts so. 409 when several do: `details` is this, newest first. 404: none. 422: not an id. */
export const resolveExecutionResponseSchema = z.object({ execution: executionRefMatchSchema });
export const ambiguousExecutionRefSchema = z.object({
  ref: z.string(),
  matches: z.array(executionRefMatchSchema),
  /** More executions match than are listed. */
  more: z.boolean(),
});
export type AmbiguousExecutionRef = z.infer<typeof ambiguousExecutionRefSchema>;
