import "server-only";
import { randomUUID } from "node:crypto";
import { conflict, invalidField, ok, type Result } from "@/lib/result";
import type { FollowUpMode } from "@/lib/executions/schema";
import type { PoisonReason } from "@/lib/sessions/schema";
import { agentCan, getAgentDefinition } from "@/server/agents/registry";
import type { AgentDefinition } from "@/server/agents/types";
import { prisma } from "@/server/db";
import { dbPool } from "@/server/db-pool";
import type { Created } from "@/server/executions/create-execution";
import { toExecutionDto } from "@/server/executions/execution-dto";
import { findFollowUpSource, type FollowUpSource } from "@/server/executions/find-execution";
import { recordIdempotently } from "@/server/executions/insert-idempotently";
import { recordFollowUp } from "@/server/executions/record-follow-up";
import { resolveFollowUp, type FollowUpFacts, type FollowUpRefusal } from "@/server/turns/resolve-follow-up";
import { sessionOf } from "@/server/executions/session-head";
import { announceSoon, notice } from "@/server/realtime/announce";
import { expandPrompt } from "@/server/references/expand-prompt";
import { nowMs } from "@/lib/executions/timings";
import { isRunnerAlive } from "@/server/runners/runner-liveness";
import { otherRunnerFor } from "@/server/executions/other-runner-for";
import type { PermissionPolicyInput } from "@/lib/permissions/schema";
import { checkRunPermissions } from "@/server/permissions/check-run-permissions";
import { checkRunAgent } from "@/server/executions/check-run-agent";
import { checkRunModel } from "@/server/executions/check-run-model";

// Continue and Fork: a new execution from an existing one's session. What is
// recorded and where it queues is decided by resolveFollowUp
// (server/turns/resolve-follow-up.ts); this gathers the facts and stores the result. The
// head is read, the row inserted and the job added in one statement under the
// session's lock (record-follow-up.ts), so concurrent follow-ups each see the
// head the one before them recorded. The job runs on the runner whose disk holds the
// transcript, in the source's cwd (the agent's tools act relative to it), or
// for a line of work with a git worktree: a Continue in its source's
// worktree, a Fork in a fresh one from its source's snapshot.
// When the session cannot be resumed, the turn carries Arbor's transcript of
// the conversation instead, and the row says why (never silently).

export async function branchExecution(
  sourceId: string,
  mode: FollowUpMode,
  prompt: string,
  idempotencyKey?: string | null,
  /** requestedAt: when the request arrived (epoch ms), for the launch path's timings. */
  options: BranchOptions = {},
): Promise<Result<Created>> {
  const found = await findFollowUpSource(sourceId);
  if (!found.ok) return found;
  const source = found.value;
  const chosen = await checkFollowUpChoice(source, mode, options);
  if (!chosen.ok) return chosen;
  const runAgent = chosen.value.agent;
  const session = sessionOf(source);
  // A runner keeping the session warm checks the turn's guards while this request records it (not waited for).
  if (mode === "continue" && session && source.runnerId) {
    // (On the pool directly: this request's own work waits behind whatever CPU Prisma would spend on it.)
    announceSoon(dbPool, notice.continueAsked({ runnerId: source.runnerId, sessionId: session, sourceId: source.id }));
  }
  // The agent that runs the turn: another one than the session's gets Arbor's transcript (resolve-resume-decision: other_agent).
  const agent = getAgentDefinition(runAgent);
  // The source came with its runner and Session; the rest, side by side (a Continue's request waits for them).
  const runner = source.runner && {
    id: source.runner.id,
    hostname: source.runner.hostname,
    alive: isRunnerAlive(source.runner),
    draining: source.runner.drainingAt !== null,
  };
  // Asked only when the session's runner cannot take the turn (the fast path asks nothing more).
  const [resume, restartedAs, elsewhere] = await Promise.all([
    session ? knownResumeFacts(source, session, agent, runAgent) : null,
    session ? null : restartOf(source.id),
    source.runnerId && !(runner?.alive && !runner.draining) ? otherRunnerFor(runAgent, source.runnerId) : null,
  ]);
  const facts = {
    requested: mode,
    agent: agent && { name: agent.displayName, hasSessions: agentCan(agent, "resume-by-id") },
    forceFresh: options.forceFresh ?? false,
    source: {
      id: source.id,
      status: source.status,
      session,
      runnerId: source.runnerId,
      errorCode: source.errorCode,
      managedSessionId: source.managedSessionId,
      restartedAs,
    },
    resume,
    runner,
    elsewhere,
    newSessionId: randomUUID(),
  };
  // Cited specs/issues are expanded unless an earlier turn of this conversation already carried them.
  const expanded = await expandPrompt(prompt, source.id);

  const id = randomUUID();
  const inserted = await recordIdempotently(idempotencyKey, async () => {
    // The plan depends on whether the source is still its session's head, known only under the
    // lock: assume it is (a Continue almost always follows the head), and when the statement finds
    // another head it writes nothing, so decide again with that one. A Fork's plan does not depend on it.
    let headId: string | null = source.id;
    for (let attempt = 0; attempt < 3; attempt++) {
      const decision = resolveFollowUp({ ...facts, headId });
      if (!decision.ok) return refused(decision.refusal);
      const { plan } = decision;
      // A runner keeping this session's process warm starts a Continue of its head at once (NOTIFY, delivered at commit).
      const { runnerId } = plan.queue;
      const early =
        runnerId && plan.parentExecutionId && plan.targetSessionId
          ? notice.queued({ executionId: id, runnerId, sessionId: plan.targetSessionId, parentId: plan.parentExecutionId })
          : undefined;
      const recorded = await recordFollowUp({
        session: session!,
        sourceId: source.id,
        assumedHead: mode === "fork" ? "any" : headId === source.id ? "source" : "other",
        row: {
          id,
          issueId: source.issueId,
          agent: runAgent,
          model: chosen.value.model,
          groupId: options.groupId ?? null,
          prompt,
          agentPrompt: expanded.agentPrompt,
          expandedReferences: expanded.expandedReferences,
          cwd: source.cwd,
          // The same project: a Continue runs in its source's worktree, a Fork in a fresh one from its snapshot (the runner makes it).
          projectId: source.projectId,
          sharedDirectory: source.sharedDirectory,
          runnerId: plan.queue.runnerId,
          targetSessionId: plan.targetSessionId,
          parentExecutionId: plan.parentExecutionId,
          forkedFromExecutionId: plan.forkedFromExecutionId,
          forkSessionId: plan.forkSessionId,
          managedSessionId: plan.managedSessionId,
          forceFresh: facts.forceFresh,
          resumeDecision: plan.resume.kind,
          resumeReason: plan.resume.reason,
          resumeMessage: plan.resume.message,
          transcriptSourceExecutionId: plan.transcriptSourceExecutionId,
          idempotencyKey: idempotencyKey ?? null,
          timings: { ...(options.requestedAt ? { requestedAt: options.requestedAt } : {}), insertedAt: nowMs() },
          requestedPermissions: options.permissions ?? null,
        },
        queue: { ...plan.queue, notify: early },
      });
      if (recorded.recorded) return ok(recorded.row);
      headId = recorded.headId;
    }
    // Three turns recorded on the session while this one decided: not expected of people clicking.
    throw new Error(`The head of session ${session} kept moving while a ${mode} of execution ${source.id} was being recorded`);
  });
  if (!inserted.ok) return inserted;
  return ok({ execution: toExecutionDto(inserted.value.row), replayed: inserted.value.replayed });
}

export type BranchOptions = {
  forceFresh?: boolean;
  /** When the request arrived (epoch ms), for the launch path's timings. */
  requestedAt?: number;
  permissions?: PermissionPolicyInput;
  /** A Fork with another agent (issue 26): a new session of it, carrying Arbor's transcript. */
  agent?: string;
  /** The model the turn runs with; default: the source's when the agent is the same. */
  model?: string;
  /** The fan-out group the fork is a member of. */
  groupId?: string;
};

/**
 * What a follow-up with these options runs as, checked before anything is
 * queued: its agent and model (chooseAgent) and the turn's own policy (without
 * one, the project's is the runner's to apply). A fan-out checks every member
 * this way before it records any.
 */
export async function checkFollowUpChoice(
  source: FollowUpSource,
  mode: FollowUpMode,
  options: BranchOptions,
): Promise<Result<{ agent: string; model: string | null }>> {
  const chosen = await chooseAgent(source, mode, options);
  if (!chosen.ok || !options.permissions) return chosen;
  const checked = await checkRunPermissions(chosen.value.agent, options.permissions, source.projectId);
  return checked.ok ? chosen : checked;
}

/**
 * The agent and model of a follow-up. A Continue is the session's next turn,
 * so it keeps the session's agent and model; a Fork may name another agent
 * (which must be installed, like a new run's) or another model.
 */
async function chooseAgent(source: FollowUpSource, mode: FollowUpMode, options: BranchOptions): Promise<Result<{ agent: string; model: string | null }>> {
  if (mode === "continue") {
    if ((options.agent && options.agent !== source.agent) || (options.model && options.model !== source.model)) {
      return invalidField("agent", "a Continue stays with its session's agent and model: Fork to hand the conversation to another agent or model");
    }
    return ok({ agent: source.agent, model: source.model });
  }
  let agent = source.agent;
  if (options.agent && options.agent !== source.agent) {
    const checked = await checkRunAgent(options.agent);
    if (!checked.ok) return checked;
    agent = checked.value;
  }
  const model = await checkRunModel(agent, options.model ?? (agent === source.agent ? source.model : null));
  if (!model.ok) return model;
  return ok({ agent, model: model.value });
}

function refused(refusal: FollowUpRefusal): Result<never> {
  return conflict(refusal.message, refusal.details);
}

/**
 * What the API knows about the session a follow-up would resume: its agent,
 * runtime, poison mark and last known transcript health (the runner checks
 * the rest right before the launch).
 */
async function knownResumeFacts(
  source: FollowUpSource,
  agentSessionId: string,
  agent: AgentDefinition | undefined,
  runAgent: string,
): Promise<FollowUpFacts["resume"]> {
  // Its own Session is the one of the session it ran in (almost always, but not by construction: else look it up).
  const own = source.managedSession?.agentSessionId === agentSessionId && source.managedSession.agent === source.agent ? source.managedSession : null;
  const rows = own ? [own] : await prisma.session.findMany({ where: { agentSessionId } });
  const row = rows.find((r) => r.agent === source.agent) ?? rows[0] ?? null;
  return {
    agent: runAgent,
    session: {
      agent: row?.agent ?? source.agent,
      runtime: row?.runtimePath ? { path: row.runtimePath, version: row.runtimeVersion } : null,
      poisoned: row?.poisonedAt && row.poisonedReason ? { reason: row.poisonedReason as PoisonReason, message: row.poisonedMessage } : null,
      transcript: row?.transcriptState === "available" || row?.transcriptState === "missing" ? row.transcriptState : null,
      cwd: source.cwd,
      cwdExists: null,
    },
    // A worktree known to be gone (marked missing or removed) makes a Continue a fork from its snapshot, said up front.
    files: source.worktreePath && source.worktreeState ? { worktree: source.worktreeState, snapshotSha: source.snapshotSha } : null,
    declared: agent ? { agentName: agent.displayName, capabilities: agent.sessionCapabilities } : null,
    installed: null,
  };
}

/** The execution Arbor re-ran a failed turn's prompt in (Start fresh, or the automatic retry), newest first. */
async function restartOf(executionId: string): Promise<string | null> {
  const restart = await prisma.execution.findFirst({
    where: { restartedFromExecutionId: executionId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  return restart?.id ?? null;
}
