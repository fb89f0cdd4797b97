// What can be said about an execution's outcome, by whom, and how long a note may be.
// Without zod, so the pages that show them do not load it (docs/architecture.md).

export const VERDICTS = ["worked", "failed"] as const;
export type Verdict = (typeof VERDICTS)[number];

/** What `arbor mark` and the UI can say about an execution. */
export const MARKS = ["worked", "failed", "preferred"] as const;
export type MarkKind = (typeof MARKS)[number];

export const MARK_SOURCES = ["web", "cli", "api"] as const;
export type MarkSource = (typeof MARK_SOURCES)[number];

export const NOTE_MAX = 2_000;
