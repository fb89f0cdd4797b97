import "server-only";
import { randomUUID } from "node:crypto";
import { parseId, notFoundMessage } from "@/lib/ids";
import { err, ok, type Result } from "@/lib/result";
import type { ExecutionDto, ResumeInfo } from "@/lib/executions/schema";
import { prisma } from "@/server/db";
import { getAgentDefinition, listAgentIds } from "@/server/agents/registry";
import { toExecutionDto } from "@/server/executions/execution-dto";
import { resolveCwd } from "@/server/executions/resolve-cwd";
import { insertIdempotently } from "@/server/executions/insert-idempotently";
import { turnTime } from "@/server/executions/session-lock";
import { enqueueExecution } from "@/server/queue/enqueue-execution";
import { expandPrompt } from "@/server/references/expand-prompt";
import { nowMs } from "@/lib/executions/timings";

export type CreateExecutionArgs = {
  issueId: string;
  prompt: string;
  agent: string;
  cwd?: string;
  idempotencyKey?: string | null;
  restartedFromExecutionId?: string;
  /** Run on this runner only (default: any runner). */
  runnerId?: string;
  /** A restart's relation to the conversation it restarts (start-fresh-execution.ts). */
  resume?: ResumeInfo;
  /** When the request arrived (epoch ms, lib/executions/timings.ts), for the launch path's timings. */
  requestedAt?: number;
};

export type Created = { execution: ExecutionDto; replayed: boolean };

export async function createExecution(args: CreateExecutionArgs): Promise<Result<Created>> {
  const issueId = parseId("issue", args.issueId);
  const issue = issueId ? await prisma.issue.findUnique({ where: { id: issueId }, select: { id: true } }) : null;
  if (!issue) return err({ code: "validation_failed", message: `issueId: ${notFoundMessage("issue", args.issueId)}`, details: { fieldErrors: { issueId: [notFoundMessage("issue", args.issueId)] }, formErrors: [] } });
  if (!getAgentDefinition(args.agent)) {
    return err({ code: "validation_failed", message: `agent: unknown agent "${args.agent}"; known agents: ${listAgentIds().join(", ")}`, details: { fieldErrors: { agent: [`Unknown agent "${args.agent}"`] }, formErrors: [] } });
  }
  const cwd = await resolveCwd(args.cwd);
  if (!cwd.ok) return cwd;
  // `prompt` is kept as typed; the agent receives cited specs/issues expanded.
  const expanded = await expandPrompt(args.prompt);

  const inserted = await insertIdempotently(args.idempotencyKey, async (tx) => {
    const createdAt = await turnTime(tx, null);
    const row = await tx.execution.create({
      data: {
        id: randomUUID(),
        issueId: issue.id,
        agent: args.agent,
        prompt: args.prompt,
        agentPrompt: expanded.agentPrompt,
        expandedReferences: expanded.expandedReferences,
        cwd: cwd.value,
        // Minted now and passed as --session-id, so the session id is known
        // before the agent starts and no other run can claim it.
        targetSessionId: randomUUID(),
        idempotencyKey: args.idempotencyKey ?? null,
        restartedFromExecutionId: args.restartedFromExecutionId ?? null,
        resumeDecision: args.resume?.decision ?? null,
        resumeReason: args.resume?.reason ?? null,
        resumeMessage: args.resume?.message ?? null,
        transcriptSourceExecutionId: args.resume?.transcriptSourceExecutionId ?? null,
        createdAt,
        timings: { ...(args.requestedAt ? { requestedAt: args.requestedAt } : {}), insertedAt: nowMs() },
      },
    });
    // Queued under its own session, so a Continue sent while it runs waits for it.
    await enqueueExecution(tx, row.id, { sessionId: row.targetSessionId, runnerId: args.runnerId ?? null, runAt: createdAt });
    return ok(row);
  });
  if (!inserted.ok) return inserted;
  return ok({ execution: toExecutionDto(inserted.value.row), replayed: inserted.value.replayed });
}

