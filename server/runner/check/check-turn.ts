import type pg from "pg";
import type { CheckResult } from "@/lib/executions/schema";
import { checkStatusOf, commandText, outputTail, summarizeCheck, TAIL_LINES, type CheckEnding } from "@/lib/checks/check-rules";
import { prisma } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { checkCommandOf } from "@/server/projects/project-dto";
import { announce, notice } from "@/server/realtime/announce";
import { runProjectScript, type ScriptOutcome } from "@/server/projects/project-script";
import { EventWriter } from "@/server/runner/turn/event-writer";

// The project's check on a turn (issue 25), run by the runner once the turn
// has ended and its snapshot is stored: never while the agent runs, in the
// turn's own worktree, holding the runner's slot (and the session's queue)
// until it ends, so the next turn starts on a checked line. Its output is
// stored as events of stream "check" (bounded like an agent's output: up to
// CHECK_OUTPUT_BYTES, then a note of what was dropped), its result on the
// execution. A turn whose snapshot is a commit already checked with the same
// command (it changed nothing) reuses that result instead of running again.

const CHECK_OUTPUT_BYTES = 2 * 1024 * 1024;
const CHECKED_STATUSES = new Set(["completed", "failed"]);

export type CheckContext = { pool: pg.Pool; env: NodeJS.ProcessEnv; onStop: (stop: () => void) => () => void };

export async function checkTurn(ctx: CheckContext, executionId: string): Promise<void> {
  const row = await prisma.execution.findUnique({
    where: { id: executionId },
    select: {
      id: true,
      status: true,
      cwd: true,
      projectId: true,
      worktreePath: true,
      worktreeState: true,
      snapshotSha: true,
      eventCount: true,
      project: { select: { checkCommand: true, checkTimeoutSeconds: true } },
    },
  });
  const command = checkCommandOf(row?.project?.checkCommand);
  if (!row || !command || !CHECKED_STATUSES.has(row.status)) return;
  // A run in its own worktree is checked there; one in a shared or plain directory, where it ran.
  const cwd = row.worktreePath ? (row.worktreeState === "present" ? row.worktreePath : null) : row.cwd;
  if (!cwd) return;
  const shown = commandText(command);
  const startedAt = new Date().toISOString();
  if (row.snapshotSha && (await reuseEarlier(row.id, row.projectId!, row.snapshotSha, shown, startedAt))) return;

  await store(ctx, row.id, {
    status: "running",
    exitCode: null,
    durationMs: null,
    summary: `running ${shown}`,
    command: shown,
    snapshotSha: row.snapshotSha,
    reusedFromExecutionId: null,
    startedAt,
  });
  const writer = new EventWriter(ctx.pool, row.id, row.eventCount);
  const tail: string[] = [];
  let stored = 0;
  let dropped = 0;
  const timeoutSeconds = row.project!.checkTimeoutSeconds;
  const stop = new AbortController();
  const forget = ctx.onStop(() => stop.abort());
  const outcome = await runProjectScript({
    script: command,
    cwd,
    env: ctx.env,
    timeoutMs: timeoutSeconds * 1000,
    // Bounded here, not by the script runner: the bytes dropped are counted for the note below.
    maxBytes: Number.POSITIVE_INFINITY,
    signal: stop.signal,
    onLine: ({ text: raw, stream }) => {
      // PostgreSQL's text and JSON cannot hold NUL; output is text to read, so it shows as U+FFFD.
      const text = raw.replaceAll("\u0000", "\uFFFD");
      tail.push(text);
      if (tail.length > TAIL_LINES * 2) tail.splice(0, tail.length - TAIL_LINES);
      const json = JSON.stringify({ text, stream });
      if (stored + json.length > CHECK_OUTPUT_BYTES) {
        dropped += Buffer.byteLength(text) + 1;
        return;
      }
      stored += json.length;
      writer.push({ stream: "check", kind: "output", json });
    },
  }).finally(forget);
  const ending = checkEnding(outcome);
  if (dropped > 0) writer.push({ stream: "check", kind: "truncated", json: JSON.stringify({ droppedBytes: dropped }) });
  const check: CheckResult = {
    status: checkStatusOf(ending),
    exitCode: ending.kind === "exited" ? ending.exitCode : null,
    durationMs: ending.durationMs,
    summary: summarizeCheck(ending, outputTail(tail), timeoutSeconds),
    command: shown,
    snapshotSha: row.snapshotSha,
    reusedFromExecutionId: null,
    startedAt,
  };
  writer.push({ stream: "check", kind: "result", json: JSON.stringify(check) });
  await writer.flush().catch((error) => console.error(`[runner] execution ${row.id}: its check's output was not all stored:`, error));
  await store(ctx, row.id, check);
}

/** How the script runner's outcome reads as a check's ending (a signal-killed command failed, exit unknown: 1). */
function checkEnding(outcome: ScriptOutcome): CheckEnding {
  const { durationMs } = outcome;
  switch (outcome.status) {
    case "passed":
    case "failed":
      return { kind: "exited", exitCode: outcome.exitCode ?? 1, durationMs };
    case "timed_out":
      return { kind: "timed_out", durationMs };
    case "cancelled":
      return { kind: "stopped", durationMs };
    case "error":
      return { kind: "not_started", message: outcome.reason ?? "it could not start", durationMs };
  }
}

/** Another turn of the project already checked this exact commit with this command: its result stands for this one. */
async function reuseEarlier(id: string, projectId: string, snapshotSha: string, command: string, startedAt: string): Promise<boolean> {
  const earlier = await prisma.execution.findMany({
    where: { projectId, snapshotSha, id: { not: id }, check: { not: Prisma.AnyNull } },
    select: { id: true, check: true },
    orderBy: [{ createdAt: "desc" }],
    take: 10,
  });
  for (const other of earlier) {
    const result = other.check as Partial<CheckResult> | null;
    // A result of the command stands for the same commit; "running" is not one yet, and "error" was Arbor's side failing.
    if (!result || result.command !== command || !result.status || result.status === "running" || result.status === "error") continue;
    await prisma.execution.update({
      where: { id },
      data: { check: { ...result, reusedFromExecutionId: result.reusedFromExecutionId ?? other.id, startedAt } as Prisma.InputJsonValue },
    });
    await announce(prisma, notice.status(id));
    return true;
  }
  return false;
}

async function store(ctx: CheckContext, id: string, check: CheckResult): Promise<void> {
  await prisma.execution.update({ where: { id }, data: { check: check as unknown as Prisma.InputJsonValue } });
  await announce(ctx.pool, notice.status(id));
}

/**
 * Checks that cannot finish any more (Arbor's side broke: not the command) are
 * recorded as errors, never left "running": one execution's whose check threw,
 * or every one a lost runner was running. Returns the executions changed.
 */
export async function abandonRunningChecks(
  db: Pick<typeof prisma, "$queryRaw">,
  which: { executionId: string } | { runnerId: string },
  message: string,
): Promise<string[]> {
  const summary = `could not finish: ${message}`.slice(0, 300);
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE executions
       SET "check" = "check" || jsonb_build_object('status', 'error', 'summary', ${summary}::text)
     WHERE "check"->>'status' = 'running'
       AND ${"executionId" in which ? Prisma.sql`id = ${which.executionId}::uuid` : Prisma.sql`runner_id = ${which.runnerId}`}
    RETURNING id::text`;
  return rows.map((row) => row.id);
}
