// Executions and session trees for component tests.
import { buildSessionTree } from "@/lib/executions/build-session-tree";
import type { ExecutionDto, SessionTreeNode } from "@/lib/executions/schema";
import { historyRows, type HistoryPreview } from "@/lib/executions/history-rows";

let counter = 0;

/** A completed execution with a session; override anything. Ids are UUID-shaped and sortable by creation. */
export function makeExecution(overrides: Partial<ExecutionDto> = {}): ExecutionDto {
  counter += 1;
  const n = String(counter).padStart(12, "0");
  const head = String(counter).padStart(8, "0");
  const createdAt = new Date(Date.UTC(2026, 0, 1, 12, 0, counter)).toISOString();
  return {
    id: `${head}-0000-4000-8000-${n}`,
    issueId: "ISSUE-1",
    agent: "claude",
    model: null,
    groupId: null,
    prompt: `prompt ${counter}`,
    cwd: "/workspace",
    status: "completed",
    sessionId: `${head}-1111-4000-8000-${n}`,
    sessionConfirmed: true,
    managedSessionId: null,
    expandedReferences: [],
    parentExecutionId: null,
    forkedFromExecutionId: null,
    forkSessionId: null,
    resumeAtMessageId: null,
    restartedFromExecutionId: null,
    forceFresh: false,
    resume: null,
    runtime: null,
    runnerId: null,
    projectId: null,
    sharedDirectory: false,
    worktree: null,
    worktreeProblem: null,
    error: null,
    usage: { inputTokens: 100, outputTokens: 20, cacheReadTokens: null, cacheCreationTokens: null, costUsd: 0.0012, durationMs: 1500, numTurns: 1 },
    telemetry: { sessionResumed: null, transcriptTokens: null, savedInputTokens: null },
    eventCount: 3,
    timings: null,
    launch: null,
    waitingForExecutionId: null,
    waitingFor: null,
    permissions: null,
    refusedActions: null,
    check: null,
    pushed: null,
    stateRestore: null,
    createdAt,
    startedAt: createdAt,
    finishedAt: createdAt,
    ...overrides,
  };
}

/** run → continue, and a fork from the run: the e2e's shape. */
export function runContinueFork(): { run: ExecutionDto; next: ExecutionDto; fork: ExecutionDto; roots: SessionTreeNode[] } {
  const run = makeExecution({ prompt: "first task" });
  const next = makeExecution({ prompt: "second: keep going", parentExecutionId: run.id, sessionId: run.sessionId });
  const fork = makeExecution({ prompt: "third: try another way", forkedFromExecutionId: run.id, forkSessionId: run.sessionId });
  return { run, next, fork, roots: buildSessionTree([run, next, fork]) };
}

/** A chain of `length` turns with a fork off every `forkEvery`-th turn (each fork a chain of `forkLength`). */
export function chainWithForks(length: number, forkEvery: number, forkLength = 2): ExecutionDto[] {
  const out: ExecutionDto[] = [];
  let prev: ExecutionDto | null = null;
  for (let i = 0; i < length; i++) {
    const e: ExecutionDto = makeExecution(prev ? { parentExecutionId: prev.id, sessionId: prev.sessionId } : {});
    out.push(e);
    if (i % forkEvery === forkEvery - 1) {
      let f: ExecutionDto = makeExecution({ forkedFromExecutionId: e.id, forkSessionId: e.sessionId });
      out.push(f);
      for (let j = 1; j < forkLength; j++) {
        f = makeExecution({ parentExecutionId: f.id, sessionId: f.sessionId });
        out.push(f);
      }
    }
    prev = e;
  }
  return out;
}

/**
 * The History list's first `count` rows as the issue page draws them, built
 * from the whole tree (the server places them from a few columns instead:
 * server/executions/read-history-preview.ts, held equal to this).
 */
export function historyPreviewOf(roots: SessionTreeNode[], count: number): HistoryPreview {
  const rows = historyRows(roots);
  return { rows: rows.slice(0, count).map(({ node, depth }) => ({ node: { ...node, children: [] }, depth })), total: rows.length };
}
