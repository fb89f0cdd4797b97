import { z } from "zod";
import { POISON_NOTE_MAX } from "@/lib/sessions/constants";
import { EXECUTION_STATUSES } from "@/lib/executions/types";
import { bodySchema, emptyToUndefined, limitSchema, requestObject, searchQuerySchema, titleSchema } from "@/lib/schemas/common";
import { isoDateSchema } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";
import { executionSchema, runtimeFingerprintSchema } from "@/lib/executions/schema";
import { ISSUE_STATUSES } from "@/lib/issues/constants";
import { VERDICTS } from "@/lib/outcomes/constants";

export const SESSION_ARCHIVED_FILTERS = ["false", "true", "all"] as const;
export type SessionArchivedFilter = (typeof SESSION_ARCHIVED_FILTERS)[number];

/**
 * PATCH /api/sessions/:ref — title, description, archived, poisoned (with an
 * optional note saying why), keepWarm (false: its runner closes the session's
 * warm agent process and keeps none again); at least one.
 */
export const updateSessionSchema = requestObject({
  title: titleSchema.optional(),
  description: bodySchema.optional(),
  archived: z.boolean({ error: "archived must be true or false" }).optional(),
  poisoned: z.boolean({ error: "poisoned must be true or false" }).optional(),
  poisonNote: text({ error: "poisonNote must be text" }).trim().max(POISON_NOTE_MAX, `poisonNote must be at most ${POISON_NOTE_MAX} characters`).optional(),
  keepWarm: z.boolean({ error: "keepWarm must be true or false" }).optional(),
})
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: "Nothing to update: send at least one of title, description, archived, poisoned, keepWarm",
    when: (payload) => payload.issues.length === 0,
  })
  .refine((v) => v.poisonNote === undefined || v.poisoned === true, {
    message: "poisonNote only goes with poisoned: true",
    path: ["poisonNote"],
    when: (payload) => payload.issues.length === 0,
  });
export type UpdateSessionInput = z.input<typeof updateSessionSchema>;
export type UpdateSessionData = z.output<typeof updateSessionSchema>;

/** GET /api/sessions?q=&agent=&archived=false|true|all&limit= (archived defaults to false: active sessions only). */
export const sessionListQuerySchema = requestObject({
  q: searchQuerySchema,
  agent: z.preprocess(emptyToUndefined, text().trim().max(64, "agent must be at most 64 characters").optional()),
  archived: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim().toLowerCase()) : v),
    z.enum(SESSION_ARCHIVED_FILTERS, { error: "archived must be true, false or all" }).default("false"),
  ),
  limit: limitSchema,
});
export type SessionListQuery = z.output<typeof sessionListQuerySchema>;

// ---- Responses ----------------------------------------------------------
// Sessions as the API returns them (GET /api/sessions, /api/sessions/:ref).

export const sessionTotalsSchema = z.object({
  executionCount: z.number().int(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  costUsd: z.number(),
  /** Turns that ran on the agent's resumed session. */
  resumedTurns: z.number().int(),
  /** Prompt-cache reads over all turns (counted in inputTokens too). */
  cacheReadTokens: z.number(),
  /**
   * What resume saved: the estimated tokens of Arbor's transcript that its
   * resumed turns would otherwise have had to send. Tokens only: Arbor keeps
   * no model prices, so it never puts a dollar figure on it.
   */
  savedInputTokens: z.number(),
});
export type SessionTotals = z.infer<typeof sessionTotalsSchema>;

export const sessionExpirySchema = z.object({
  /** How long the agent keeps transcripts after their last use; null when unknown. */
  retentionDays: z.number().nullable(),
  /** When the transcript is due to be deleted if unused (null when unknown). */
  expiresAt: isoDateSchema.nullable(),
  /**
   * Last activity is older than the retention, so the transcript may be gone
   * (a Continue then carries Arbor's transcript). False once `health` knows.
   */
  mayHaveExpired: z.boolean(),
});
export type SessionExpiry = z.infer<typeof sessionExpirySchema>;

/** Why resuming a session is pointless; its later turns go fresh with Arbor's transcript. */
export const POISON_REASONS = ["context_window_exceeded", "resume_failed", "marked_by_person"] as const;
export type PoisonReason = (typeof POISON_REASONS)[number];

export const sessionPoisonSchema = z.object({ reason: z.enum(POISON_REASONS), message: z.string().nullable(), at: isoDateSchema });
export type SessionPoison = z.infer<typeof sessionPoisonSchema>;

/**
 * The agent's transcript of the session as its runner last saw it (a stat,
 * never a read): a fact, where `expiry` is a guess from age.
 */
export const sessionHealthSchema = z.object({
  state: z.enum(["available", "missing"]),
  checkedAt: isoDateSchema,
  bytes: z.number().nullable(),
  modifiedAt: isoDateSchema.nullable(),
});
export type SessionHealth = z.infer<typeof sessionHealthSchema>;

/** A runner keeps the session's agent process alive for its next turn (warm sessions): which, its pid, and until when if no turn comes. */
export const sessionWarmSchema = z.object({ runnerId: z.string(), pid: z.number().int().nullable(), until: isoDateSchema });
export type SessionWarm = z.infer<typeof sessionWarmSchema>;

export const sessionSummarySchema = z.object({
  id: z.string(), // "SESS-42"
  number: z.number().int(),
  agent: z.string(),
  /** The agent's own session id (e.g. Claude's uuid). */
  agentSessionId: z.string(),
  issueId: z.string(),
  issue: z.object({ id: z.string(), title: z.string(), status: z.enum(ISSUE_STATUSES) }),
  title: z.string(),
  description: z.string(),
  archived: z.boolean(),
  /** The session a fork came from, and the execution it branched at. */
  parentSessionId: z.string().nullable(),
  forkedFromExecutionId: z.string().nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
  /** Latest of: the last captured turn, the last start or finish of any of its executions. */
  lastActivityAt: isoDateSchema,
  /** Status of its most recent execution. */
  latestStatus: z.enum(EXECUTION_STATUSES).nullable(),
  totals: sessionTotalsSchema,
  expiry: sessionExpirySchema,
  /** The agent binary of its latest captured turn. */
  runtime: runtimeFingerprintSchema.nullable(),
  poisoned: sessionPoisonSchema.nullable(),
  /** Null: never checked, or the agent keeps no transcript Arbor can find. */
  health: sessionHealthSchema.nullable(),
  /** False: a person turned warm sessions off for it. */
  keepWarm: z.boolean(),
  /** Set while its agent process is kept warm: a Continue of its latest turn starts without a new process. */
  warm: sessionWarmSchema.nullable(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const sessionLinkSchema = z.object({
  id: z.string(),
  title: z.string(),
  archived: z.boolean(),
  lastActivityAt: isoDateSchema,
  forkedFromExecutionId: z.string().nullable(),
});
export type SessionLink = z.infer<typeof sessionLinkSchema>;

export const sessionDetailSchema = sessionSummarySchema.extend({
  /** Its executions (turns), oldest first. */
  executions: z.array(executionSchema),
  /** The turn a Continue or Fork from this session starts from (its latest turn). */
  headExecutionId: z.string().nullable(),
  head: executionSchema.nullable(),
  parentSession: sessionLinkSchema.nullable(),
  /** Sessions forked from this one. */
  childSessions: z.array(sessionLinkSchema),
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

/** One turn of a session's conversation, read from its stored log (no model is asked). */
export const conversationTurnSchema = z.object({
  executionId: z.string(),
  /** The agent's answer: its final result's text, else its last message; null when it said nothing (yet). */
  answer: z.string().nullable(),
  /** The answer is the agent's report of an error. */
  answerIsError: z.boolean(),
  /** Tool name → number of calls, most used first. */
  tools: z.array(z.object({ tool: z.string(), count: z.number().int() })),
  /** Files it read, wrote or edited, in first-touch order (the first 20). */
  files: z.array(z.string()),
  fileCount: z.number().int(),
  errorCount: z.number().int(),
  /** The person's verdict on the turn, if marked. */
  mark: z.enum(VERDICTS).nullable(),
});
export type ConversationTurn = z.infer<typeof conversationTurnSchema>;

/** GET /api/sessions/:ref/conversation: its turns, oldest first (the order of SessionDetail.executions). */
export const sessionConversationSchema = z.object({ sessionId: z.string(), turns: z.array(conversationTurnSchema) });
export type SessionConversation = z.infer<typeof sessionConversationSchema>;
