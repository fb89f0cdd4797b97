import { randomUUID } from "node:crypto";
import type { ExecutionErrorCode, ResumeDecisionKind, ResumeReason } from "@/lib/executions/types";
import type { EffectivePermissions } from "@/lib/permissions/schema";
import { planLaunch, resolveAgentRuntime, type AgentRuntime } from "@/server/agents/plan-launch";
import type { LaunchMode } from "@/server/agents/types";
import { prisma } from "@/server/db";
import type { Execution, Prisma } from "@/server/generated/prisma/client";
import { loadTurnPermissions } from "@/server/permissions/load-turn-permissions";
import { adaptLaunch, type PreparedLaunch } from "@/server/runner/agent-io/agent-adapter";
import { attachMcp } from "@/server/runner/turn/attach-mcp";
import { needsLiveChannel } from "@/server/runner/approvals/live-channel";
import { gatherLaunchFacts } from "@/server/runner/turn/launch-facts";
import { gatherResumeFacts } from "@/server/runner/turn/resume-facts";
import { restoreBeforeResume } from "@/server/runner/turn/session-state";
import type { Place } from "@/server/runner/workspace/prepare-workspace";
import { buildTranscriptPrompt } from "@/server/transcripts/build-transcript-prompt";
import { resolveLaunchMode } from "@/server/turns/resolve-launch-mode";
import { resolveResumeDecision } from "@/server/turns/resolve-resume-decision";
import { rewriteLineage, type LineageUpdate } from "@/server/turns/rewrite-lineage";

// How the runner launches one turn, decided right before the spawn where
// every fact is at hand. It gathers the facts (launch-facts.ts,
// resume-facts.ts), lets the rules decide (server/turns/: the launch mode,
// the resume decision, and what the turn now is, rewrite-lineage.ts), writes
// the decision on the execution before the agent starts (the resume
// decision with its reason and message, any change to its lineage, the
// runtime and the policy it runs under), settles where it works (`place`:
// server/runner/workspace/prepare-workspace.ts) and has the agent plan its
// launch (server/agents/plan-launch.ts).

export type PlannedTurn =
  | {
      ok: true;
      mode: LaunchMode;
      prepared: PreparedLaunch;
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
      /** The hash of the run's MCP token (attach-mcp.ts), granted again to each later turn a warm process serves; null: no MCP server. */
      mcpTokenHash: string | null;
    }
  | { ok: false; code: ExecutionErrorCode; message: string };

type Failure = Extract<PlannedTurn, { ok: false }>;

/** `options.streamInput`: launch a process that can serve later turns too (warm sessions, server/runner/warm/). */
export async function planTurn(execution: Execution, env: NodeJS.ProcessEnv, place: Place, options: { streamInput?: boolean } = {}): Promise<PlannedTurn> {
  const resolved = await resolveAgentRuntime(execution.agent, { env });
  if (!resolved.ok) return { ok: false, code: resolved.code, message: resolved.message };
  const runtime = resolved.runtime;
  // What the turn may do alone: its request's policy, its project's as it is now, the session's remembered rules.
  const policy = await loadTurnPermissions(execution, runtime.agent);
  if (!policy.ok) return { ok: false, code: "agent_unsupported", message: policy.message };
  const permissions = policy.permissions;
  const lineage = await decideLineage(execution, runtime, env);
  if (!lineage.ok) return lineage;

  const update: Prisma.ExecutionUncheckedUpdateInput = {
    runtimePath: runtime.realPath,
    runtimeVersion: runtime.capabilities?.version ?? null,
    permissionPolicy: permissions ?? undefined,
    ...lineage.update,
  };
  const prompt = execution.agentPrompt ?? execution.prompt;
  let agentPrompt = prompt;
  let transcript: { tokens: number; keptTurns: number; elidedTurns: number } | null = null;
  if (lineage.carriesTranscript && lineage.transcriptSourceId) {
    const composed = await buildTranscriptPrompt(lineage.transcriptSourceId, prompt);
    agentPrompt = composed.text;
    transcript = { tokens: composed.transcriptTokens, keptTurns: composed.keptTurns, elidedTurns: composed.elidedTurns };
    update.transcriptTokens = composed.transcriptTokens;
  }
  await prisma.execution.update({ where: { id: execution.id }, data: update });

  const [where, mcp] = await Promise.all([place(), attachMcp(execution, runtime.agent, env)]);
  if (!where.ok) return where;
  // The agent's own session state, where this machine lacks it or has an older copy (another runner ran the
  // session, or the CLI deleted it): written where the CLI looks for it from the turn's cwd, before its launch.
  const mode = lineage.mode;
  if (mode.kind === "continue" || mode.kind === "fork") {
    const stateRestore = await restoreBeforeResume(execution, mode, env, where.cwd);
    if (stateRestore) await prisma.execution.update({ where: { id: execution.id }, data: { stateRestore } });
  }
  // A person answers the agent's questions over its stdin: such a turn's process reads it (streamInput).
  const streamInput = options.streamInput === true || needsLiveChannel(runtime.agent, permissions);
  const request = {
    mode,
    prompt: agentPrompt,
    partialMessages: true,
    ...(streamInput ? { streamInput } : {}),
    ...(permissions ? { permissions } : {}),
    ...(mcp ? { mcp: mcp.attachment } : {}),
    ...(execution.model ? { model: execution.model } : {}),
  };
  const plan = await planLaunch(execution.agent, request, { env, runtime, cwd: where.cwd });
  if (!plan.ok) return { ok: false, code: plan.code, message: plan.message };
  return {
    ok: true,
    mode: lineage.mode,
    prepared: adaptLaunch(runtime.agent, plan),
    cwd: where.cwd,
    resumes: lineage.mode.kind === "continue" || lineage.mode.kind === "fork",
    resume: lineage.resume,
    transcriptSourceId: lineage.transcriptSourceId,
    transcript,
    permissions,
    mcpTokenHash: mcp?.tokenHash ?? null,
  };
}

type Lineage = {
  ok: true;
  mode: LaunchMode;
  update: Partial<LineageUpdate>;
  resume: { decision: ResumeDecisionKind; reason: ResumeReason } | null;
  transcriptSourceId: string | null;
  carriesTranscript: boolean;
};

/** The lineage: new, continue or fork (resolveLaunchMode), then for a continue or fork how it resumes and what it now is. */
async function decideLineage(execution: Execution, runtime: AgentRuntime, env: NodeJS.ProcessEnv): Promise<Lineage | Failure> {
  if (execution.resumeDecision === "fresh_with_transcript" || execution.resumeDecision === "fresh") {
    // Decided when it was recorded (the API's up-front decision, a restart).
    return {
      ok: true,
      mode: { kind: "new", sessionId: execution.targetSessionId ?? undefined },
      update: {},
      resume: { decision: execution.resumeDecision, reason: execution.resumeReason as ResumeReason },
      transcriptSourceId: execution.transcriptSourceExecutionId,
      carriesTranscript: execution.resumeDecision === "fresh_with_transcript",
    };
  }
  const facts = await gatherLaunchFacts(execution);
  const launch = resolveLaunchMode(facts);
  if (!launch.ok) return { ok: false, code: launch.code, message: launch.message };
  const mode = launch.mode;
  if (mode.kind !== "continue" && mode.kind !== "fork") return { ok: true, mode, update: {}, resume: null, transcriptSourceId: null, carriesTranscript: false };
  const forkPoint = mode.kind !== "fork" ? null : launch.reason !== "fork_at_exact_point" ? "session_end" : mode.atMessageId ? "message" : "unknown";
  const decision = resolveResumeDecision({ ...(await gatherResumeFacts(execution, mode, runtime, env)), forkPoint });
  const turn = rewriteLineage({ execution, mode, decision, parentManagedSessionId: facts.parentManagedSessionId, newSessionId: randomUUID() });
  return { ok: true, ...turn, resume: { decision: decision.kind, reason: decision.reason } };
}
