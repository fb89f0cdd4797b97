import { z } from "zod";
import { VERDICTS, MARKS, MARK_SOURCES, NOTE_MAX } from "@/lib/outcomes/constants";
import { UUID } from "@/lib/ids";
import { text } from "@/lib/schemas/text";
import { isoDateSchema, requestObject } from "@/lib/schemas/common";
import { formatCount } from "@/lib/format";

// Request bodies of the outcomes API, and its answers (below "Responses":
// GET /api/executions/:id/outcome), shared by the UI, the CLI and the server.

const note = text({ error: "note must be text" })
  .trim()
  .max(NOTE_MAX, `note must be at most ${formatCount(NOTE_MAX)} characters`);
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

// ---- Responses ----------------------------------------------------------

export const outcomeMarkSchema = z.object({
  verdict: z.enum(VERDICTS),
  note: z.string(),
  markedBy: z.string().nullable(),
  via: z.enum(MARK_SOURCES),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type OutcomeMark = z.infer<typeof outcomeMarkSchema>;

/** A fact that counts as an outcome without anyone marking it (server/outcomes/outcome-signals.ts). */
export const outcomeSignalHitSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** How it counts when nothing is marked; null: shown, but neither worked nor failed. */
  verdict: z.enum(VERDICTS).nullable(),
});
export type OutcomeSignalHit = z.infer<typeof outcomeSignalHitSchema>;

/** The choice made at one branching point this execution's line runs through. */
export const preferenceStateSchema = z.object({
  branchPointId: z.string(),
  /** The chosen line: the branching point itself (the original) or the first execution of a fork. */
  preferredExecutionId: z.string(),
  state: z.enum(["preferred", "not_chosen"]),
  note: z.string(),
  markedBy: z.string().nullable(),
  via: z.enum(MARK_SOURCES),
  updatedAt: isoDateSchema,
});
export type PreferenceState = z.infer<typeof preferenceStateSchema>;

export const executionOutcomeSchema = z.object({
  executionId: z.string(),
  issueId: z.string(),
  /** Queued and running executions cannot be marked yet. */
  markable: z.boolean(),
  mark: outcomeMarkSchema.nullable(),
  sessionMark: outcomeMarkSchema.extend({ sessionId: z.string() }).nullable(),
  signals: z.array(outcomeSignalHitSchema),
  /** What Insights counts: the execution's mark, else its session's, else the first signal with a verdict. */
  effective: z.object({
    verdict: z.enum(VERDICTS).nullable(),
    source: z.enum(["mark", "session", "signal"]).nullable(),
    signalId: z.string().optional(),
  }),
  preferences: z.array(preferenceStateSchema),
  /** Where "preferred" would apply without `over` (null: not at a branching point). */
  branchPoint: z.object({ id: z.string(), line: z.enum(["original", "fork"]) }).nullable(),
  /** With ?over=<id>: the branching point at which the two are alternatives, or null when they are not. */
  over: z.object({ executionId: z.string(), branchPointId: z.string().nullable(), reason: z.string().nullable() }).optional(),
});
export type ExecutionOutcome = z.infer<typeof executionOutcomeSchema>;

/** GET and PUT /api/sessions/:id/outcome */
export const sessionOutcomeSchema = z.object({ sessionId: z.string(), mark: outcomeMarkSchema.nullable() });
export type SessionOutcome = z.infer<typeof sessionOutcomeSchema>;
