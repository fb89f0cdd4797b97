import "server-only";
import { randomUUID } from "node:crypto";
import { conflict, err, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import type { Execution } from "@/server/generated/prisma/client";
import { toExecutionDto } from "@/server/executions/execution-dto";
import { findExecution } from "@/server/executions/find-execution";
import { insertIdempotently } from "@/server/executions/insert-idempotently";
import { findSessionHead, sessionOf } from "@/server/executions/session-head";
import type { Created } from "@/server/executions/create-execution";
import { enqueueExecution } from "@/server/queue/enqueue-execution";
import { expandPrompt } from "@/server/references/expand-prompt";
import { isRunnerAlive } from "@/server/runner/runner-liveness";

// Continue and Fork both start a new execution from an existing one's session.
// - Continue on the session's head: `--resume <sid>`, same session, next turn.
// - Fork, or Continue on a turn the session has since moved past: a new
//   session branched from that execution's own last message.
// Either way the job runs on the runner whose disk holds the transcript, in
// the same cwd, and never silently falls back to a fresh session.

export type BranchMode = "continue" | "fork";

export async function branchExecution(
  sourceId: string,
  mode: BranchMode,
  prompt: string,
  idempotencyKey?: string | null,
): Promise<Result<Created>> {
  const found = await findExecution(sourceId);
  if (!found.ok) return found;
  const source = found.value;

  const session = sessionOf(source);
  if (!session) return noSessionError(source, mode);
  if (!source.runnerId) {
    return conflict(`Execution ${source.id} has not started yet; ${mode} it once it is running`, { reason: "not_started" });
  }
  const runner = await prisma.runner.findUnique({ where: { id: source.runnerId } });
  if (!runner || !isRunnerAlive(runner)) {
    return err({
      code: "conflict",
      message: `The session lives on runner ${source.runnerId}${runner ? ` (${runner.hostname})` : ""}, which is offline. Start that runner again (npm start or npm run runner on that machine) to ${mode} this session, or start fresh.`,
      details: { reason: "runner_unavailable", runnerId: source.runnerId, canStartFresh: true },
    });
  }

  const head = await findSessionHead(session);
  const isHead = head?.id === source.id;
  const asFork = mode === "fork" || !isHead;
  const sourceDone = source.status !== "queued" && source.status !== "running";
  // Cited specs/issues are expanded unless an earlier turn of this conversation already carried them.
  const expanded = await expandPrompt(prompt, source.id);

  const inserted = await insertIdempotently(idempotencyKey, () =>
    prisma.execution.create({
      data: {
        id: randomUUID(),
        issueId: source.issueId,
        agent: source.agent,
        prompt,
        agentPrompt: expanded.agentPrompt,
        expandedReferences: expanded.expandedReferences,
        // Claude sessions are scoped to the working directory.
        cwd: source.cwd,
        runnerId: source.runnerId,
        targetSessionId: asFork ? randomUUID() : session,
        parentExecutionId: asFork ? null : source.id,
        forkedFromExecutionId: asFork ? source.id : null,
        forkSessionId: asFork ? session : null,
        // A Continue is a turn of the source's Session from the start; a Fork's
        // Session is created when its new agent session id is captured.
        managedSessionId: asFork ? null : source.managedSessionId,
        idempotencyKey: idempotencyKey ?? null,
      },
    }),
  );
  if (!inserted.replayed) {
    await enqueueExecution(inserted.row.id, {
      runnerId: source.runnerId,
      // Its own session's queue: later turns of it wait for it.
      sessionId: inserted.row.targetSessionId,
      // A continue waits for the previous turn (the source, as the head) if
      // that has not finished. A fork only needs its source finished (to know
      // its last message); once it is, the fork runs alongside the original.
      after: sourceDone ? null : source.id,
    });
  }
  return ok({ execution: toExecutionDto(inserted.row), replayed: inserted.replayed });
}

function noSessionError(source: Execution, mode: BranchMode): Result<never> {
  if (source.errorCode === "session_not_found") {
    return conflict(
      `The agent no longer has the session of execution ${source.id} (expired or deleted transcript), so it cannot be ${mode === "fork" ? "forked" : "continued"}. Start fresh to run the same prompt in a new session.`,
      { reason: "session_not_found", canStartFresh: true },
    );
  }
  return conflict(`Execution ${source.id} has no agent session to ${mode}${source.status === "failed" ? " (it failed before the agent reported one)" : ""}.`, {
    reason: "no_session",
    canStartFresh: source.status !== "queued" && source.status !== "running",
  });
}
