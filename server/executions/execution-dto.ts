import "server-only";
import type { ExecutionDto } from "@/lib/executions/schema";
import type { ExecutionErrorCode } from "@/lib/executions/types";
import type { Execution } from "@/server/generated/prisma/client";

export function toExecutionDto(row: Execution, extra: { waitingForExecutionId?: string | null } = {}): ExecutionDto {
  const hasUsage = row.inputTokens !== null || row.outputTokens !== null || row.costUsd !== null;
  return {
    id: row.id,
    issueId: row.issueId,
    agent: row.agent,
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
    runnerId: row.runnerId,
    projectId: row.projectId,
    sharedDirectory: row.sharedDirectory,
    worktree: row.worktreePath
      ? { path: row.worktreePath, branch: row.worktreeBranch, state: row.worktreeState, startSha: row.startSha, snapshotSha: row.snapshotSha }
      : null,
    // Written only from EXECUTION_ERROR_CODES (the runner's writes are typed).
    error: row.errorCode ? { code: row.errorCode as ExecutionErrorCode, message: row.errorMessage ?? row.errorCode } : null,
    usage: hasUsage
      ? {
          inputTokens: row.inputTokens ?? 0,
          outputTokens: row.outputTokens ?? 0,
          costUsd: row.costUsd ?? 0,
          durationMs: row.durationMs,
          numTurns: row.numTurns,
        }
      : null,
    eventCount: row.eventCount,
    waitingForExecutionId: extra.waitingForExecutionId ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
