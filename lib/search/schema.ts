import { z } from "zod";
import { emptyToUndefined, isoDateSchema, requestObject } from "@/lib/schemas/common";
import { SEARCH_MAX } from "@/lib/schemas/limits";
import { text } from "@/lib/schemas/text";

export const SEARCH_RESULTS_DEFAULT = 20;
export const SEARCH_RESULTS_MAX = 100;

/** GET /api/search?q=&limit= */
export const searchRequestSchema = requestObject({
  q: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    text().trim().min(1, "Search text is required (q)").max(SEARCH_MAX, `Search text must be at most ${SEARCH_MAX} characters`),
  ),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "Limit must be a number" })
      .int("Limit must be a whole number")
      .min(1, "Limit must be at least 1")
      .max(SEARCH_RESULTS_MAX, `Limit must be at most ${SEARCH_RESULTS_MAX}`)
      .default(SEARCH_RESULTS_DEFAULT),
  ),
});
export type SearchRequest = z.output<typeof searchRequestSchema>;

// ---- Responses ----------------------------------------------------------
// GET /api/search

/** What matched: a prompt, the assistant's text, a tool call (name, command…), a file it touched, a session's title or description, a spec's or issue's title or text. */
export const SEARCH_HIT_KINDS = ["prompt", "assistant", "tool", "file", "session", "spec", "issue"] as const;
export type SearchHitKind = (typeof SEARCH_HIT_KINDS)[number];

export const searchHitSchema = z.object({
  kind: z.enum(SEARCH_HIT_KINDS),
  /** The execution the hit belongs to (a session hit: its latest execution; null if it has none, and for spec and issue hits). */
  executionId: z.string().nullable(),
  /** The log entry's event sequence number (`/executions/<id>#seq-<n>`); null for prompt, session, spec and issue hits. */
  seq: z.number().int().nullable(),
  /** The issue ("ISSUE-7") the hit is about or belongs to. */
  issueId: z.string().nullable(),
  /** The spec ("SPEC-3") of a spec hit. */
  specId: z.string().nullable(),
  /** The Arbor session ("SESS-3") the execution is a turn of, if any. */
  sessionId: z.string().nullable(),
  /** Plain text around the match (markdown read as text: no syntax, no HTML). */
  snippet: z.string(),
  /** [start, end) character ranges of `snippet` that matched. */
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  /** Where to see it in the UI. */
  href: z.string(),
  rank: z.number(),
  /** Matched every term of the query (these come before partial matches). */
  matchedAllTerms: z.boolean(),
  createdAt: isoDateSchema,
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** What a group of hits is about. */
export const SEARCH_GROUP_KINDS = ["session", "execution", "spec", "issue"] as const;
export type SearchGroupKind = (typeof SEARCH_GROUP_KINDS)[number];

/** Hits of one session (or, for executions outside any session, of one execution), spec or issue, in rank order. */
export const searchGroupSchema = z.object({
  /** "SESS-3", "execution:<id>", "SPEC-3" or "ISSUE-7". */
  key: z.string(),
  kind: z.enum(SEARCH_GROUP_KINDS),
  sessionId: z.string().nullable(),
  /** The session's, spec's or issue's title, or the execution's prompt (first line). */
  title: z.string(),
  /** The page of what the group is about (session, execution, spec or issue). */
  href: z.string(),
  /** The issue the group is, or whose sessions and executions it holds. */
  issueId: z.string().nullable(),
  issueTitle: z.string().nullable(),
  /** The spec the group is. */
  specId: z.string().nullable(),
  /** Executions with hits in this group, first hit first. */
  executionIds: z.array(z.string()),
  hits: z.array(searchHitSchema),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const searchResponseSchema = z.object({
  query: z.string(),
  hitCount: z.number().int(),
  /** Groups in the order of their best hit. */
  groups: z.array(searchGroupSchema),
  tookMs: z.number(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
