import "server-only";
import type { Execution } from "@/server/generated/prisma/client";

// A few hot statements are written as SQL by hand (one round trip where
// Prisma would take several: record-follow-up.ts). They return executions
// rows in the shape Prisma's client does, so the rest of the code keeps one
// Execution type: every scalar field, aliased from its column. Columns are the
// fields in snake_case (schema.prisma's @map, throughout this model); an
// integration test holds a row read this way equal to Prisma's own read.
// Plain strings, and the field list is ours: the tree summary reads through
// this on the pg pool, and Prisma's runtime (its Sql type, its generated field
// enum) would load Prisma's whole client with it (test/unit/prisma-on-demand.test.ts).

const column = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Every scalar field of Execution: a field added to the model and not here (or one removed) fails the type check. */
const EVERY_FIELD = {
  id: true,
  issueId: true,
  agent: true,
  model: true,
  groupId: true,
  prompt: true,
  agentPrompt: true,
  expandedReferences: true,
  cwd: true,
  status: true,
  targetSessionId: true,
  sessionId: true,
  sessionConfirmed: true,
  managedSessionId: true,
  parentExecutionId: true,
  forkedFromExecutionId: true,
  forkSessionId: true,
  resumeAtMessageId: true,
  lastMessageId: true,
  restartedFromExecutionId: true,
  resumeDecision: true,
  resumeReason: true,
  resumeMessage: true,
  forceFresh: true,
  transcriptSourceExecutionId: true,
  sessionResumed: true,
  cacheReadTokens: true,
  cacheCreationTokens: true,
  transcriptTokens: true,
  runtimePath: true,
  runtimeVersion: true,
  runnerId: true,
  pid: true,
  processGroupId: true,
  processStartTicks: true,
  exitCode: true,
  timings: true,
  launchKind: true,
  launchReason: true,
  errorCode: true,
  errorMessage: true,
  inputTokens: true,
  outputTokens: true,
  costUsd: true,
  durationMs: true,
  numTurns: true,
  sessionTotalInputTokens: true,
  sessionTotalOutputTokens: true,
  eventCount: true,
  searchIndexedSeq: true,
  idempotencyKey: true,
  cancelRequestedAt: true,
  createdAt: true,
  startedAt: true,
  sessionCapturedAt: true,
  finishedAt: true,
  updatedAt: true,
  projectId: true,
  sharedDirectory: true,
  worktreePath: true,
  worktreeBranch: true,
  worktreeState: true,
  startSha: true,
  snapshotSha: true,
  worktreeProblem: true,
  changedFiles: true,
  linesAdded: true,
  linesDeleted: true,
  requestedPermissions: true,
  permissionPolicy: true,
  waitingFor: true,
  refusedActions: true,
  check: true,
  pushed: true,
  stateRestore: true,
} satisfies Record<keyof Execution, true>;

const FIELDS = Object.keys(EVERY_FIELD) as (keyof Execution)[];

const built = new Map<string, string>();

/**
 * `"issue_id" AS "issueId", …` for every field of Execution, or for `fields`
 * (a reader that needs fewer: read-issue-tree.ts) (`table`: qualify each
 * column with it); built once per table and field list. Trusted SQL (our own
 * names): in a Prisma.sql template, wrap it in Prisma.raw.
 */
export function executionColumns(table = "", fields: readonly (keyof Execution)[] | null = null): string {
  const key = `${table}|${fields?.join(",") ?? "*"}`;
  let columns = built.get(key);
  if (!columns) {
    const prefix = table ? `"${table}".` : "";
    columns = (fields ?? FIELDS).map((field) => `${prefix}"${column(field)}" AS "${field}"`).join(", ");
    built.set(key, columns);
  }
  return columns;
}

/**
 * A row selected through executionColumns by node-postgres (the runner's own
 * pool), as Prisma reads it: pg gives BIGINT as a string, Prisma as a BigInt.
 */
export function executionFromPg(row: Record<string, unknown>): Execution {
  const ticks = row.processStartTicks;
  return { ...row, processStartTicks: ticks === null || ticks === undefined ? null : BigInt(ticks as string) } as Execution;
}
