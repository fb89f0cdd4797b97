import { randomUUID } from "node:crypto";
import type { ExecutionErrorCode } from "@/lib/executions/types";
import type { ResumeDecisionKind, ResumeReason } from "@/lib/executions/types";
import { resolveAgentRuntime } from "@/server/agents/plan-launch";
import type { LaunchMode } from "@/server/agents/types";
import { prisma } from "@/server/db";
import { resolveLaunchMode } from "@/server/executions/resolve-launch-mode";
import { resolveResumeDecision } from "@/server/executions/resolve-resume-decision";
import type { Execution, Prisma } from "@/server/generated/prisma/client";
import { prepareLaunch, type PreparedLaunch } from "@/server/runner/agent-adapter";
import { gatherLaunchFacts } from "@/server/runner/launch-facts";
import { gatherResumeFacts } from "@/server/runner/resume-facts";
import { buildTranscriptPrompt } from "@/server/transcripts/build-transcript-prompt";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import { loadTurnPermissions } from "@/server/permissions/load-turn-permissions";

// How the runner launches one turn, decided right before the spawn where
// every fact is at hand: the lineage (resolveLaunchMode: new, continue,
// fork, fork at the exact point), then for a continue or fork the resume
// decision (resolveResumeDecision: resume the agent's session, or start a
// fresh one whose prompt carries Arbor's transcript of the conversation).
// What it decides is written on the execution before the agent starts:
// - the resume decision, its reason and message;
// - a turn that cannot resume becomes what it now is: a fork of its source
//   (new agent session, transcript_source_execution_id), so the tree, the
//   session head and the new Session (SESS-n, child of the old) all follow;
//   so does a Continue whose worktree is gone (it forks the session, and its
//   files start from the parent's snapshot: prepare-workspace.ts);
// - the runtime (binary real path and version) that runs it.

export type PlannedTurn =
  | {
      ok: true;
      mode: LaunchMode;
      prepared: Extract<PreparedLaunch, { ok: true }>;
      /** Where the agent runs: its real path, checked right before the spawn. */
      cwd: string;
      /** The launch resumes the agent's session (continue or fork): if the agent rejects it, Arbor retries once from its transcript. */
      resumes: boolean;
      resume: { decision: ResumeDecisionKind; reason: ResumeReason } | null;
      /** The conversation this turn's transcript is (or would be) made of: its last execution. */
      transcriptSourceId: string | null;
      /** For a transcript-primed turn: what it carries (estimated tokens, turns kept and left out). */
      transcript: { tokens: number; keptTurns: number; elidedTurns: number } | null;
      /** The policy the turn runs under (null: the agent honours none); recorded on the execution. */
      permissions: EffectivePermissions | null;
    }
  | { ok: false; code: ExecutionErrorCode; message: string };

/** Where the agent of a turn runs, settled once its lineage is (prepare-workspace.ts): a checked directory, or why it cannot run. */
export type LaunchPlace = { ok: true; cwd: string } | { ok: false; code: ExecutionErrorCode; message: string };

/**
 * `place`: settles the directory the agent will run in, called once the lineage is fixed (a fork's files start where its conversation does).
 * `options.streamInput`: launch a process that can serve later turns too (warm sessions, server/runner/warm/).
 */
export async function planTurn(
  execution: Execution,
  env: NodeJS.ProcessEnv,
  place: () => Promise<LaunchPlace>,
  options: { streamInput?: boolean } = {},
): Promise<PlannedTurn> {
  const resolved = await resolveAgentRuntime(execution.agent, { env });
  if (!resolved.ok) return { ok: false, code: resolved.code, message: resolved.message };
  const runtime = resolved.runtime;
  // What the turn may do alone: its request's policy, its project's as it is now, the session's remembered rules.
  const policy = await loadTurnPermissions(execution, runtime.agent);
  if (!policy.ok) return { ok: false, code: "agent_unsupported", message: policy.message };
  const permissions = policy.permissions;
  const update: Prisma.ExecutionUpdateInput = {
    runtimePath: runtime.realPath,
    runtimeVersion: runtime.capabilities?.version ?? null,
    permissionPolicy: permissions ?? undefined,
  };

  let mode: LaunchMode;
  let resume: { decision: ResumeDecisionKind; reason: ResumeReason } | null = null;
  let transcriptSourceId: string | null = null;
  let carriesTranscript = false;

  if (execution.resumeDecision === "fresh_with_transcript" || execution.resumeDecision === "fresh") {
    // Decided when it was recorded (the API's up-front decision, a restart).
    mode = { kind: "new", sessionId: execution.targetSessionId ?? undefined };
    resume = { decision: execution.resumeDecision, reason: execution.resumeReason as ResumeReason };
    transcriptSourceId = execution.transcriptSourceExecutionId;
    carriesTranscript = execution.resumeDecision === "fresh_with_transcript";
  } else {
    const launch = resolveLaunchMode(await gatherLaunchFacts(execution));
    if (!launch.ok) return { ok: false, code: launch.code, message: launch.message };
    mode = launch.mode;
    // Agents that pick their own session ids name the source's session only once it ran.
    if (mode.kind === "fork" && mode.fromSessionId !== execution.forkSessionId) update.forkSessionId = mode.fromSessionId;
    if (mode.kind === "continue" || mode.kind === "fork") {
      const forkPoint = mode.kind !== "fork" ? null : launch.reason !== "fork_at_exact_point" ? "session_end" : mode.atMessageId ? "message" : "unknown";
      const decision = resolveResumeDecision({ ...(await gatherResumeFacts(execution, mode, runtime, env)), forkPoint });
      transcriptSourceId = execution.parentExecutionId ?? execution.forkedFromExecutionId;
      resume = { decision: decision.kind, reason: decision.reason };
      Object.assign(update, { resumeDecision: decision.kind, resumeReason: decision.reason, resumeMessage: decision.message });
      if (decision.kind === "fresh_with_transcript") {
        // Recorded as what it now is: a new session branched from its source, carrying the conversation.
        const newSessionId = mode.kind === "fork" && mode.newSessionId ? mode.newSessionId : randomUUID();
        Object.assign(update, recordedAsFork(transcriptSourceId, mode.kind === "continue" ? mode.sessionId : mode.fromSessionId, newSessionId), {
          transcriptSourceExecution: transcriptSourceId ? { connect: { id: transcriptSourceId } } : undefined,
        });
        mode = { kind: "new", sessionId: newSessionId };
        carriesTranscript = true;
      } else if (decision.kind === "fork" && mode.kind === "continue") {
        // Its worktree is gone (worktree_gone): a fork of its parent's session, whose files start from the parent's snapshot.
        const newSessionId = randomUUID();
        Object.assign(update, recordedAsFork(execution.parentExecutionId, mode.sessionId, newSessionId));
        mode = { kind: "fork", fromSessionId: mode.sessionId, newSessionId, atMessageId: null };
      } else if (mode.kind === "continue" && mode.sessionId !== execution.targetSessionId) {
        // The parent went on in a new session (it carried the transcript): so does this turn, and its Session.
        const parent = await prisma.execution.findUnique({ where: { id: execution.parentExecutionId! }, select: { managedSessionId: true } });
        Object.assign(update, {
          targetSessionId: mode.sessionId,
          managedSession: parent?.managedSessionId ? { connect: { id: parent.managedSessionId } } : { disconnect: true },
        });
      }
    }
  }

  const prompt = execution.agentPrompt ?? execution.prompt;
  let agentPrompt = prompt;
  let transcript: { tokens: number; keptTurns: number; elidedTurns: number } | null = null;
  if (carriesTranscript && transcriptSourceId) {
    const composed = await buildTranscriptPrompt(transcriptSourceId, prompt);
    agentPrompt = composed.text;
    transcript = { tokens: composed.transcriptTokens, keptTurns: composed.keptTurns, elidedTurns: composed.elidedTurns };
    update.transcriptTokens = composed.transcriptTokens;
  }
  await prisma.execution.update({ where: { id: execution.id }, data: update });

  const where = await place();
  if (!where.ok) return where;
  // A person answers the agent's questions over its stdin: such a turn's process reads it (streamInput).
  const streamInput = options.streamInput === true || needsLiveChannel(runtime.agent, permissions);
  const prepared = await prepareLaunch(execution.agent, mode, agentPrompt, env, {
    runtime,
    cwd: where.cwd,
    streamInput,
    permissions: permissions ?? undefined,
    partialMessages: true,
  });
  if (!prepared.ok) return prepared;
  return {
    ok: true,
    mode,
    prepared,
    cwd: where.cwd,
    resumes: mode.kind === "continue" || mode.kind === "fork",
    resume,
    transcriptSourceId,
    transcript,
    permissions,
  };
}

/** Whether the turn's policy has the agent ask a person (ask, plan) through its live approval channel. */
export function needsLiveChannel(agent: { permissions?: { approvals?: unknown } }, permissions: EffectivePermissions | null): boolean {
  return agent.permissions?.approvals !== undefined && (permissions?.mode === "ask" || permissions?.mode === "plan");
}

/** The lineage columns of a turn recorded as a fork of `sourceId` in a new session (instead of a Continue). */
function recordedAsFork(sourceId: string | null, fromSessionId: string, newSessionId: string): Prisma.ExecutionUpdateInput {
  return {
    parentExecution: { disconnect: true },
    forkedFromExecution: sourceId ? { connect: { id: sourceId } } : undefined,
    forkSessionId: fromSessionId,
    targetSessionId: newSessionId,
    managedSession: { disconnect: true },
  };
}

/**
 * What resume saved on a resumed turn: the estimated tokens of the transcript
 * a fresh session would have had to carry instead (composed the same way,
 * never sent). Runs while the agent works.
 */
export async function measureSavedTranscript(turn: Extract<PlannedTurn, { ok: true }>, prompt: string): Promise<number | null> {
  if (!turn.resumes || !turn.transcriptSourceId) return turn.transcript?.tokens ?? null;
  try {
    return (await buildTranscriptPrompt(turn.transcriptSourceId, prompt)).transcriptTokens;
  } catch {
    return null;
  }
}
