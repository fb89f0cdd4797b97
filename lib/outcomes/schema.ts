import { z } from "zod";
import { UUID } from "@/lib/ids";
import { text } from "@/lib/schemas/text";
import { requestObject } from "@/lib/schemas/common";

// Request bodies of the outcomes API, shared by the UI, the CLI and the server.

export const VERDICTS = ["worked", "failed"] as const;
export type Verdict = (typeof VERDICTS)[number];

/** What `arbor mark` and the UI can say about an execution. */
export const MARKS = ["worked", "failed", "preferred"] as const;
export type MarkKind = (typeof MARKS)[number];

export const MARK_SOURCES = ["web", "cli", "api"] as const;
export type MarkSource = (typeof MARK_SOURCES)[number];

export const NOTE_MAX = 2_000;

const note = text({ error: "note must be text" })
  .trim()
  .max(NOTE_MAX, `note must be at most ${NOTE_MAX.toLocaleString("en-US")} characters`);
const by = text({ error: "by must be text" }).trim().min(1, "by must not be empty").max(100, "by must be at most 100 characters");
const via = z.enum(MARK_SOURCES, { error: `via must be one of ${MARK_SOURCES.join(", ")}` });

/** PUT /api/executions/:id/outcome */
export const markExecutionSchema = requestObject({
  mark: z.enum(MARKS, { error: `mark must be one of ${MARKS.join(", ")}` }),
  note: note.optional(),
  /** For "preferred": the alternative it is preferred over (picks the branching point when there are several). */
  over: text({ error: "over must be an execution id" })
    .trim()
    .regex(UUID, "over must be an execution id (a UUID)")
    .transform((s) => s.toLowerCase())
    .optional(),
  by: by.optional(),
  via: via.optional(),
});
export type MarkExecutionInput = z.input<typeof markExecutionSchema>;

/** PUT /api/sessions/:id/outcome */
export const markSessionSchema = requestObject({
  mark: z.enum(VERDICTS, { error: `mark must be one of ${VERDICTS.join(", ")} (a session has no "preferred")` }),
  note: note.optional(),
  by: by.optional(),
  via: via.optional(),
});
export type MarkSessionInput = z.input<typeof markSessionSchema>;

/** DELETE /api/executions/:id/outcome?mark=verdict|preferred */
export const unmarkExecutionQuery = requestObject({
  mark: z.enum(["verdict", "preferred"], { error: "mark must be verdict or preferred" }).default("verdict"),
});

/** GET /api/executions/:id/outcome?over=<id> */
export const executionOutcomeQuery = requestObject({ over: text().trim().min(1, "over must be an execution id").optional() });
