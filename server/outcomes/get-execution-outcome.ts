import "server-only";
import type { ExecutionOutcome, PreferenceState } from "@/lib/outcomes/schema";
import type { MarkSource, Verdict } from "@/lib/outcomes/constants";
import { isUuid } from "@/lib/ids";
import { notFound, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { findExecution } from "@/server/executions/find-execution";
import { commonBranchPoint, lineInfo } from "@/server/outcomes/branch-lines";
import { toMarkDto, UNFINISHED } from "@/server/outcomes/outcome-dto";
import { MARK_JOINS, OUTCOME_SIGNALS, signalIdsSql, verdictSourceSql, verdictSql } from "@/server/outcomes/outcome-signals";

/**
 * Everything said or known about an execution's outcome: its mark, its
 * session's, the signals that hold, the choices at the branching points its
 * line runs through, and the verdict Insights counts (the same SQL as
 * Insights itself). With `over`, whether the two are alternatives.
 */
export async function getExecutionOutcome(id: string, options: { over?: string } = {}): Promise<Result<ExecutionOutcome>> {
  const found = await findExecution(id);
  if (!found.ok) return found;
  const execution = found.value;
  if (options.over !== undefined && !isUuid(options.over))
    return notFound(`Execution "${options.over.slice(0, 60)}" not found (over): execution ids are UUIDs`);

  const [mark, sessionMark, verdictRows, info] = await Promise.all([
    prisma.executionMark.findUnique({ where: { executionId: execution.id } }),
    execution.managedSessionId ? prisma.sessionMark.findUnique({ where: { sessionId: execution.managedSessionId } }) : null,
    prisma.$queryRaw<{ verdict: Verdict | null; source: string | null; signals: string[] }[]>`
      SELECT ${verdictSql()} AS verdict, ${verdictSourceSql()} AS source, ${signalIdsSql()} AS signals
        FROM execution_facts x JOIN issues i ON i.id = x.issue_id ${MARK_JOINS}
       WHERE x.execution_id = ${execution.id}::uuid`,
    lineInfo(execution.id),
  ]);
  const facts = verdictRows[0] ?? { verdict: null, source: null, signals: [] };
  const memberships = info?.memberships ?? [];
  const choices = memberships.length ? await prisma.forkPreference.findMany({ where: { branchPointId: { in: memberships.map((m) => m.branchPointId) } } }) : [];
  const preferences: PreferenceState[] = choices.map((choice) => {
    const membership = memberships.find((m) => m.branchPointId === choice.branchPointId)!;
    return {
      branchPointId: choice.branchPointId,
      preferredExecutionId: choice.preferredExecutionId,
      state: choice.preferredExecutionId === membership.lineId ? "preferred" : "not_chosen",
      note: choice.note,
      markedBy: choice.markedBy,
      via: choice.via as MarkSource,
      updatedAt: choice.updatedAt.toISOString(),
    };
  });

  const outcome: ExecutionOutcome = {
    executionId: execution.id,
    issueId: execution.issueId,
    markable: !UNFINISHED.has(execution.status),
    mark: mark ? toMarkDto(mark) : null,
    sessionMark: sessionMark ? { ...toMarkDto(sessionMark), sessionId: sessionMark.sessionId } : null,
    signals: OUTCOME_SIGNALS.filter((s) => facts.signals.includes(s.id)).map(({ id, label, verdict }) => ({ id, label, verdict })),
    effective: {
      verdict: facts.verdict,
      source: facts.source === "mark" || facts.source === "session" ? facts.source : facts.source ? "signal" : null,
      ...(facts.source && facts.source !== "mark" && facts.source !== "session" ? { signalId: facts.source } : {}),
    },
    preferences,
    branchPoint: info?.defaultMembership ? { id: info.defaultMembership.branchPointId, line: info.defaultMembership.line } : null,
  };
  if (options.over !== undefined) {
    const over = options.over.toLowerCase();
    const other = await lineInfo(over);
    if (!other) return notFound(`Execution ${over} not found (over)`);
    const common = info ? commonBranchPoint(info, other, { a: execution.id, b: over }) : null;
    outcome.over = {
      executionId: over,
      branchPointId: common?.ok ? common.membership.branchPointId : null,
      reason: common && !common.ok ? common.reason : null,
    };
  }
  return ok(outcome);
}
