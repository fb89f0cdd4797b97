import type { ExecutionErrorCode, ExecutionStatus } from "@/lib/executions/types";
import type { SessionOutcome } from "@/server/agents/session-tracker";

/** The session outcome, and whether the run ended without the final event its agent always prints (session-report.ts, settleRun). */
export type RunOutcome = SessionOutcome & { noFinalEvent?: boolean };
import type { AgentExit } from "@/server/runner/agent-io/agent-process";

// How an agent run ended, as Arbor records it: pure, from the process exit,
// the session outcome (server/agents/session-tracker.ts) and what the runner
// itself did to the process. The first rule that applies wins.

export type FinalStatus = Extract<ExecutionStatus, "completed" | "failed" | "cancelled" | "interrupted">;

export type ExitClassification = { status: FinalStatus; errorCode: ExecutionErrorCode | null; errorMessage: string | null };

export type ExitContext = {
  /** Cancel was asked for (the runner sent SIGTERM/SIGKILL). */
  cancelled: boolean;
  /** The runner was shutting down (the run is interrupted; its session is kept). */
  stopping: boolean;
  /** The session id the agent was told to use, for the "already in use" message. */
  expectedSessionId: string | null;
  /** The end of the agent's stderr, for the message of an unexplained exit. */
  stderrTail: string;
};

export const RUNNER_LOST_MESSAGE = "The runner stopped while this execution ran. Its session is kept: Continue it to pick up where it stopped.";

/** Why: the first sentence of SESSION_NOT_FOUND_MESSAGE (the automatic retry replaces the advice after it). */
export const SESSION_NOT_FOUND_CAUSE = "The agent no longer has this session (expired or deleted transcript, or another machine/directory).";

export const SESSION_NOT_FOUND_MESSAGE = `${SESSION_NOT_FOUND_CAUSE} Start fresh with the conversation to run the prompt in a new session that carries Arbor's transcript.`;

export const NO_FINAL_EVENT_MESSAGE =
  "The agent exited without its final report (it was stopped from outside, or cut short). What it did is kept; Continue it to pick up where it stopped.";

const failed = (errorCode: ExecutionErrorCode, errorMessage: string): ExitClassification => ({ status: "failed", errorCode, errorMessage });

export function classifyExit(exit: AgentExit, outcome: RunOutcome, context: ExitContext): ExitClassification {
  if (!exit.ok) return failed(exit.reason, exit.message);
  if (context.cancelled) return { status: "cancelled", errorCode: null, errorMessage: null };
  if (context.stopping) return { status: "interrupted", errorCode: "runner_lost", errorMessage: RUNNER_LOST_MESSAGE };
  if (outcome.sessionNotFound) return failed("session_not_found", SESSION_NOT_FOUND_MESSAGE);
  if (outcome.sessionIdInUse) return failed("agent_error", `The agent refused the session id ${context.expectedSessionId}: it is already in use`);
  if (outcome.result?.isError) return failed("agent_error", outcome.result.errorMessage ?? "The agent reported an error");
  if (exit.exitCode !== 0) {
    const why = exit.signal ? `was stopped by ${exit.signal}` : `exited with code ${exit.exitCode}`;
    const stderr = context.stderrTail.trim();
    return failed("exit_nonzero", `The agent ${why}${stderr ? `: ${stderr.split("\n").slice(-3).join(" ")}` : ""}`);
  }
  // Gemini CLI exits 0 when its group is killed; a run is complete only once the agent said so.
  if (outcome.noFinalEvent) return { status: "interrupted", errorCode: "no_final_event", errorMessage: NO_FINAL_EVENT_MESSAGE };
  return { status: "completed", errorCode: null, errorMessage: null };
}

/**
 * Whether the agent rejected a launch that resumed its session, so the turn
 * is worth one automatic retry from Arbor's transcript: it said the session
 * does not exist, or its CLI exited without ever starting the session (no
 * announcement of it: it crashed or refused on --resume). Null for anything
 * else (a turn that ran and then failed, a cancel, a shutdown, a spawn failure).
 */
export function rejectedResume(exit: AgentExit, outcome: SessionOutcome, ending: ExitClassification): "session_not_found" | "exited_early" | null {
  if (!exit.ok || ending.status !== "failed") return null;
  if (ending.errorCode === "session_not_found") return "session_not_found";
  if (outcome.sessionId === null && (ending.errorCode === "exit_nonzero" || ending.errorCode === "agent_error")) return "exited_early";
  return null;
}
