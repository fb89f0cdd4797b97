// Shapes of the search API (GET /api/search). Isomorphic.

/** What matched: a prompt, the assistant's text, a tool call (name, command…), a file it touched, a session's title or description. */
export const SEARCH_HIT_KINDS = ["prompt", "assistant", "tool", "file", "session"] as const;
export type SearchHitKind = (typeof SEARCH_HIT_KINDS)[number];

export interface SearchHit {
  kind: SearchHitKind;
  /** The execution the hit belongs to (a session hit: its latest execution; null if it has none). */
  executionId: string | null;
  /** The log entry's event sequence number (`/executions/<id>#seq-<n>`); null for prompt and session hits. */
  seq: number | null;
  issueId: string | null;
  /** The Arbor session ("SESS-3") the execution is a turn of, if any. */
  sessionId: string | null;
  /** Plain text around the match. */
  snippet: string;
  /** [start, end) character ranges of `snippet` that matched. */
  highlights: [number, number][];
  /** Where to see it in the UI. */
  href: string;
  rank: number;
  /** Matched every term of the query (these come before partial matches). */
  matchedAllTerms: boolean;
  createdAt: string;
}

/** Hits of one session (or, for executions outside any session, of one execution), in rank order. */
export interface SearchGroup {
  /** "SESS-3", or "execution:<id>". */
  key: string;
  sessionId: string | null;
  /** The session's title, or the execution's prompt (first line). */
  title: string;
  issueId: string | null;
  issueTitle: string | null;
  /** Executions with hits in this group, first hit first. */
  executionIds: string[];
  hits: SearchHit[];
}

export interface SearchResponse {
  query: string;
  hitCount: number;
  /** Groups in the order of their best hit. */
  groups: SearchGroup[];
  tookMs: number;
}
