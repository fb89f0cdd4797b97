// Outcomes as the API returns them (GET /api/executions/:id/outcome). Shared
// by the UI, the CLI and the server's serializer.
import type { MarkSource, Verdict } from "@/lib/outcomes/schema";

export type OutcomeMark = {
  verdict: Verdict;
  note: string;
  markedBy: string | null;
  via: MarkSource;
  createdAt: string;
  updatedAt: string;
};

/** A fact that counts as an outcome without anyone marking it (server/outcomes/outcome-signals.ts). */
export type OutcomeSignalHit = {
  id: string;
  label: string;
  /** How it counts when nothing is marked; null: shown, but neither worked nor failed. */
  verdict: Verdict | null;
};

/** The choice made at one branching point this execution's line runs through. */
export type PreferenceState = {
  branchPointId: string;
  /** The chosen line: the branching point itself (the original) or the first execution of a fork. */
  preferredExecutionId: string;
  state: "preferred" | "not_chosen";
  note: string;
  markedBy: string | null;
  via: MarkSource;
  updatedAt: string;
};

export type ExecutionOutcome = {
  executionId: string;
  issueId: string;
  /** Queued and running executions cannot be marked yet. */
  markable: boolean;
  mark: OutcomeMark | null;
  sessionMark: (OutcomeMark & { sessionId: string }) | null;
  signals: OutcomeSignalHit[];
  /** What Insights counts: the execution's mark, else its session's, else the first signal with a verdict. */
  effective: { verdict: Verdict | null; source: "mark" | "session" | "signal" | null; signalId?: string };
  preferences: PreferenceState[];
  /** Where "preferred" would apply without `over` (null: not at a branching point). */
  branchPoint: { id: string; line: "original" | "fork" } | null;
  /** With ?over=<id>: the branching point at which the two are alternatives, or null when they are not. */
  over?: { executionId: string; branchPointId: string | null; reason: string | null };
};

export type SessionOutcome = { sessionId: string; mark: OutcomeMark | null };
