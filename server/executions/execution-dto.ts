import "server-only";
import { checkResultSchema, pushedSchema, stateRestoreSchema, type ExecutionDto, type ResumeInfo } from "@/lib/executions/schema";
import type { ExecutionErrorCode, LaunchKind, ResumeDecisionKind, ResumeReason } from "@/lib/executions/types";
import { parseTimings } from "@/lib/executions/timings";
import type { Execution } from "@/server/generated/prisma/client";
import type { WaitingFor } from "@/lib/approvals/schema";
import type { EffectivePermissions } from "@/lib/permissions/schema";

/**
 * The fields of Execution an ExecutionDto is made of: a reader that only
 * answers DTOs selects these (executionColumns), not the rest (the prompt as
 * sent to the agent, with its references expanded, can be long).
 */
export const EXECUTION_DTO_FIELDS = [
  "id",
  "issueId",
  "agent",
  "model",
  "groupId",
  "prompt",
  "cwd",
  "status",
  "sessionId",
  "sessionConfirmed",
  "managedSessionId",
  "expandedReferences",
  "parentExecutionId",
  "forkedFromExecutionId",
  "forkSessionId",
  "resumeAtMessageId",
  "restartedFromExecutionId",
  "forceFresh",
  "resumeDecision",
  "resumeReason",
  "resumeMessage",
  "transcriptSourceExecutionId",
  "runtimePath",
  "runtimeVersion",
  "runnerId",
  "projectId",
  "sharedDirectory",
  "worktreePath",
  "worktreeBranch",
  "worktreeState",
  "startSha",
  "snapshotSha",
  "changedFiles",
  "linesAdded",
  "linesDeleted",
  "worktreeProblem",
  "errorCode",
  "errorMessage",
  "inputTokens",
  "outputTokens",
  "cacheReadTokens",
  "cacheCreationTokens",
  "costUsd",
  "durationMs",
  "numTurns",
  "sessionResumed",
  "transcriptTokens",
  "eventCount",
  "timings",
  "launchKind",
  "launchReason",
  "pid",
  "waitingFor",
  "permissionPolicy",
  "refusedActions",
  "check",
  "pushed",
  "stateRestore",
  "createdAt",
  "startedAt",
  "finishedAt",
] as const satisfies readonly (keyof Execution)[];

/** What toExecutionDto reads: a whole Execution, or a row of EXECUTION_DTO_FIELDS. */
export type ExecutionDtoSource = Pick<Execution, (typeof EXECUTION_DTO_FIELDS)[number]>;

export function toExecutionDto(row: ExecutionDtoSource, extra: { waitingForExecutionId?: string | null } = {}): ExecutionDto {
  const hasUsage = row.inputTokens !== null || row.outputTokens !== null || row.costUsd !== null;
  return {
    id: row.id,
    issueId: row.issueId,
    agent: row.agent,
    model: row.model,
    groupId: row.groupId,
    prompt: row.prompt,
    cwd: row.cwd,
    status: row.status,
    sessionId: row.sessionId,
    sessionConfirmed: row.sessionConfirmed,
    managedSessionId: row.managedSessionId,
    expandedReferences: row.expandedReferences ?? [],
    parentExecutionId: row.parentExecutionId,
    forkedFromExecutionId: row.forkedFromExecutionId,
    forkSessionId: row.forkSessionId,
    resumeAtMessageId: row.resumeAtMessageId,
    restartedFromExecutionId: row.restartedFromExecutionId,
    forceFresh: row.forceFresh,
    resume: resumeInfoOf(row),
    runtime: row.runtimePath ? { path: row.runtimePath, version: row.runtimeVersion } : null,
    runnerId: row.runnerId,
    projectId: row.projectId,
    sharedDirectory: row.sharedDirectory,
    worktree: row.worktreePath
      ? {
          path: row.worktreePath,
          branch: row.worktreeBranch,
          state: row.worktreeState,
          startSha: row.startSha,
          snapshotSha: row.snapshotSha,
          changes: row.changedFiles === null ? null : { files: row.changedFiles, additions: row.linesAdded ?? 0, deletions: row.linesDeleted ?? 0 },
        }
      : null,
    worktreeProblem: row.worktreeProblem,
    // Written only from EXECUTION_ERROR_CODES (the runner's writes are typed).
    error: row.errorCode ? { code: row.errorCode as ExecutionErrorCode, message: row.errorMessage ?? row.errorCode } : null,
    usage: hasUsage
      ? {
          inputTokens: row.inputTokens,
          outputTokens: row.outputTokens,
          cacheReadTokens: row.cacheReadTokens,
          cacheCreationTokens: row.cacheCreationTokens,
          costUsd: row.costUsd,
          durationMs: row.durationMs,
          numTurns: row.numTurns,
        }
      : null,
    telemetry: {
      sessionResumed: row.sessionResumed,
      transcriptTokens: row.transcriptTokens,
      savedInputTokens: row.sessionResumed ? row.transcriptTokens : null,
    },
    eventCount: row.eventCount,
    timings: parseTimings(row.timings),
    launch: row.launchKind ? { kind: row.launchKind as LaunchKind, reason: row.launchReason, pid: row.pid } : null,
    waitingForExecutionId: extra.waitingForExecutionId ?? null,
    // Written only by the runner and the decision route, in these shapes (record-approval-request.ts, plan-turn.ts).
    waitingFor: (row.waitingFor as WaitingFor | null) ?? null,
    permissions: (row.permissionPolicy as EffectivePermissions | null) ?? null,
    refusedActions: row.refusedActions,
    check: parsedOrNull(checkResultSchema, row.check),
    pushed: parsedOrNull(pushedSchema, row.pushed),
    stateRestore: parsedOrNull(stateRestoreSchema, row.stateRestore),
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function resumeInfoOf(row: ExecutionDtoSource): ResumeInfo | null {
  if (!row.resumeDecision || !row.resumeReason) return null;
  return {
    // Written only from RESUME_DECISIONS / RESUME_REASONS (the writers are typed).
    decision: row.resumeDecision as ResumeDecisionKind,
    reason: row.resumeReason as ResumeReason,
    message: row.resumeMessage,
    transcriptSourceExecutionId: row.transcriptSourceExecutionId,
  };
}

/** A JSON column read through its schema: what does not parse (an older shape) reads as none. */
function parsedOrNull<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, value: unknown): T | null {
  if (value === null || value === undefined) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
