import type pg from "pg";
import type { SessionOutcome } from "@/server/agents/session-tracker";
import type { LaunchMode } from "@/server/agents/types";
import { prisma } from "@/server/db";
import { startFreshExecution } from "@/server/executions/start-fresh-execution";
import type { Execution } from "@/server/generated/prisma/client";
import { announce, notice } from "@/server/realtime/announce";
import type { AgentExit } from "@/server/runner/agent-io/agent-process";
import { rejectedResume, SESSION_NOT_FOUND_CAUSE, type ExitClassification } from "@/server/runner/turn/classify-exit";
import { poisonAgentSession } from "@/server/sessions/poison-session";
import type { PlannedTurn } from "@/server/runner/turn/plan-turn";
import { buildTranscriptPrompt } from "@/server/transcripts/build-transcript-prompt";
import { checkSessionHealth } from "@/server/sessions/session-health";

// What the runner learns from a turn once it has ended, about the session
// rather than the turn:
// - a resume the agent rejected (session gone, or the CLI exited before
//   starting it) is retried once, automatically: a new execution restarted
//   from the failed one, in a fresh session carrying Arbor's transcript of the
//   conversation (start-fresh-execution.ts); the failed attempt stays failed
//   and says where the turn went on. Either way later Continues must not try
//   again: a transcript that is gone is recorded as missing; one that is still
//   there (the agent refused it, or its CLI crashed resuming) poisons the
//   session, since a stat would keep calling it available;
// - a turn that no longer fit the context window poisons its session;
// - the session's transcript health is checked (a stat) and recorded;
// - what resume saved: the transcript a fresh session would have carried,
//   composed now rather than while the agent starts.

export type EndedTurn = {
  execution: Execution;
  mode: LaunchMode;
  /** The launch resumed the agent's session (continue or fork). */
  resumes: boolean;
  exit: AgentExit;
  outcome: SessionOutcome;
  ending: ExitClassification;
};

type Ctx = { runnerId: string; pool: pg.Pool; env: NodeJS.ProcessEnv };

const resumedSessionOf = (mode: LaunchMode) => (mode.kind === "continue" ? mode.sessionId : mode.kind === "fork" ? mode.fromSessionId : null);

/** Before the turn's final status is stored: what it taught about its session (so whoever sees the status sees these too). */
export async function recordSessionFacts(ctx: Ctx, turn: EndedTurn): Promise<void> {
  const { execution, outcome, mode } = turn;
  if (outcome.sessionId) {
    if (outcome.result?.contextExceeded) {
      await poisonAgentSession(execution.agent, outcome.sessionId, "context_window_exceeded", outcome.result.errorMessage);
    }
    await checkSessionHealth({ agent: execution.agent, agentSessionId: outcome.sessionId, cwd: execution.cwd }, ctx.env);
  }
  const resumedId = resumedSessionOf(mode);
  const rejected = turn.resumes ? rejectedResume(turn.exit, outcome, turn.ending) : null;
  if (!rejected || !resumedId) return;
  // Recorded, so the next Continue picks the transcript up front.
  const health = await checkSessionHealth({ agent: execution.agent, agentSessionId: resumedId, cwd: execution.cwd }, ctx.env);
  // (A fork that exited early, e.g. at a message it could not branch at, says nothing about the session itself.)
  const sessionBroken = rejected === "session_not_found" || mode.kind === "continue";
  if (health?.state !== "missing" && sessionBroken) {
    await poisonAgentSession(execution.agent, resumedId, "resume_failed", turn.ending.errorMessage);
  }
}

/** Once the turn has ended: a rejected resume gets its one automatic retry from Arbor's transcript. */
export async function retryRejectedResume(ctx: Ctx, turn: EndedTurn): Promise<void> {
  const { execution, outcome } = turn;
  const rejected = turn.resumes ? rejectedResume(turn.exit, outcome, turn.ending) : null;
  if (!rejected || !resumedSessionOf(turn.mode)) return;
  const why =
    rejected === "session_not_found"
      ? "The agent's session was gone (expired or deleted transcript)"
      : `The agent's CLI exited before it resumed the session (${turn.ending.errorMessage ?? "no reason given"})`;
  const restarted = await startFreshExecution(execution.id, {
    // One retry per rejected turn, however often this runs.
    idempotencyKey: `restart:${execution.id}`,
    automatic: { runnerId: ctx.runnerId, message: `${why}, so Arbor re-ran this turn in a fresh session carrying its own record of the conversation.` },
  });
  if (!restarted.ok) {
    console.error(`[runner] could not retry execution ${execution.id} from Arbor's transcript: ${restarted.error.message}`);
    return;
  }
  const retry = restarted.value.execution.id;
  await prisma.execution.update({
    where: { id: execution.id },
    data: {
      errorMessage: `${rejected === "session_not_found" ? SESSION_NOT_FOUND_CAUSE : (turn.ending.errorMessage ?? "The agent rejected the resume.")} Arbor re-ran this turn from its own transcript in execution ${retry}.`,
    },
  });
  await announce(ctx.pool, notice.status(execution.id));
}

/**
 * What resume saved on a resumed turn: the estimated tokens of the transcript
 * a fresh session would have had to carry instead (composed the same way,
 * never sent). Started once the turn has ended (it would compete with the
 * agent for the CPU).
 */
export async function measureSavedTranscript(turn: Extract<PlannedTurn, { ok: true }>, prompt: string): Promise<number | null> {
  if (!turn.resumes || !turn.transcriptSourceId) return turn.transcript?.tokens ?? null;
  try {
    return (await buildTranscriptPrompt(turn.transcriptSourceId, prompt)).transcriptTokens;
  } catch {
    return null;
  }
}
