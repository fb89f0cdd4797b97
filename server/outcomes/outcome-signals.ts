import "server-only";
import type { Verdict } from "@/lib/outcomes/constants";
import { Prisma } from "@/server/generated/prisma/client";

// Facts that count as an execution's outcome without anyone marking it. Each
// signal is one entry: a boolean SQL condition over one execution, read in a
// query whose FROM is
//   execution_facts x JOIN issues i ON i.id = x.issue_id
// (x: Insights' per-execution row, mirrored from executions; i: its issue).
// Insights counts a signal's verdict only when neither the execution nor its
// session is marked (a person's word wins), the first signal with a verdict
// in this order deciding; signals with verdict null are shown and counted,
// but neither as worked nor failed. The UI lists every signal that holds.
//
// Adding a signal = adding an entry. A signal read from another table can
// test it directly (the condition runs for every execution in scope: prefer an
// uncorrelated `x.execution_id IN (SELECT …)`, which is hashed once), e.g. "fork applied to the base branch", if applies are their own rows:
//   { id: "applied", label: "Applied to the base branch", verdict: "worked",
//     when: Prisma.sql`(x.execution_id IN (SELECT execution_id FROM execution_applies))` }
// A signal read from a new executions column: mirror the column into
// execution_facts (add it to the table and to execution_facts_sync(), see
// migration 20261123060000_outcomes_insights), then test x.<column>.

export type OutcomeSignal = {
  id: string;
  label: string;
  verdict: Verdict | null;
  when: Prisma.Sql;
};

export const OUTCOME_SIGNALS: readonly OutcomeSignal[] = [
  {
    id: "issue_done",
    label: "Issue closed as done",
    verdict: "worked",
    // Only runs that completed, with nothing refused: a failed run, or one the agent could not finish as asked, did not do it.
    when: Prisma.sql`(i.status = 'done' AND x.status = 'completed' AND coalesce(x.refused_actions, 0) = 0)`,
  },
  {
    id: "actions_refused",
    label: "Actions refused",
    verdict: null,
    // Completed, but the agent was refused something (by its policy or a person): shown, counted as neither.
    when: Prisma.sql`(x.refused_actions > 0)`,
  },
  {
    id: "session_archived",
    label: "Session archived",
    verdict: null,
    // Uncorrelated IN: PostgreSQL hashes the archived sessions once per query instead of probing per execution.
    when: Prisma.sql`(x.managed_session_id IN (SELECT id FROM sessions WHERE archived))`,
  },
];

/** Joins the marks the verdict reads: m (the execution's own), sm (its session's). */
export const MARK_JOINS = Prisma.sql`LEFT JOIN execution_marks m ON m.execution_id = x.execution_id
  LEFT JOIN session_marks sm ON sm.session_id = x.managed_session_id`;

/** 'worked' | 'failed' | NULL: the execution's mark, else its session's, else the first signal with a verdict. */
export function verdictSql(signals: readonly OutcomeSignal[] = OUTCOME_SIGNALS): Prisma.Sql {
  const counted = signals.filter((s) => s.verdict !== null);
  const fromSignals = counted.length
    ? Prisma.sql`CASE ${Prisma.join(
        counted.map((s) => Prisma.sql`WHEN ${s.when} THEN ${s.verdict}::text`),
        " ",
      )} END`
    : Prisma.sql`NULL::text`;
  return Prisma.sql`COALESCE(m.verdict::text, sm.verdict::text, ${fromSignals})`;
}

/** Where the verdict came from: 'mark' | 'session' | the signal's id | NULL. */
export function verdictSourceSql(signals: readonly OutcomeSignal[] = OUTCOME_SIGNALS): Prisma.Sql {
  const counted = signals.filter((s) => s.verdict !== null);
  const whens = counted.map((s) => Prisma.sql`WHEN ${s.when} THEN ${s.id}::text`);
  return Prisma.sql`CASE WHEN m.verdict IS NOT NULL THEN 'mark' WHEN sm.verdict IS NOT NULL THEN 'session'
    ${whens.length ? Prisma.join(whens, " ") : Prisma.empty} END`;
}

/** The ids of the signals that hold, as a text[] (every signal, with or without a verdict). */
export function signalIdsSql(signals: readonly OutcomeSignal[] = OUTCOME_SIGNALS): Prisma.Sql {
  if (signals.length === 0) return Prisma.sql`ARRAY[]::text[]`;
  return Prisma.sql`array_remove(ARRAY[${Prisma.join(
    signals.map((s) => Prisma.sql`CASE WHEN ${s.when} THEN ${s.id}::text END`),
    ", ",
  )}], NULL)`;
}
