import type { LaunchMode } from "@/server/agents/types";
import { sessionStateEnv } from "@/server/agents/session-state-env";
import type { Execution, Prisma } from "@/server/generated/prisma/client";
import { captureSessionState } from "@/server/session-state/capture-session-state";
import { dropSupersededStates } from "@/server/session-state/drop-superseded-states";
import { restoreSessionState } from "@/server/session-state/restore-session-state";

// The runner's side of sessions that move between machines (issue 24,
// server/session-state/): before a turn resumes a session, the agent's own
// state is written back when this machine lacks it or has an older copy;
// after every turn, it is stored. Neither ever fails a turn: a restore that
// cannot be done is recorded, and the launch goes on with what this machine
// has; if the agent then refuses the resume, the turn is retried once from
// Arbor's transcript (retryRejectedResume), saying why.

type ResumeMode = Extract<LaunchMode, { kind: "continue" | "fork" }>;

/**
 * What is recorded on the execution (`stateRestore`), or null when nothing
 * needed restoring. `cwd`: where the turn runs (the files go where the CLI
 * looks for the session from there). Only a turn that resumes the session
 * with its own agent gets here (another agent's turn carries the transcript).
 */
export async function restoreBeforeResume(execution: Execution, mode: ResumeMode, env: NodeJS.ProcessEnv, cwd: string): Promise<Prisma.InputJsonValue | null> {
  const agentSessionId = mode.kind === "continue" ? mode.sessionId : mode.fromSessionId;
  const session = { agent: execution.agent, agentSessionId, cwd };
  try {
    // The environment the CLI runs with: its isolated home (CODEX_HOME, GEMINI_CLI_HOME…) is where its sessions are.
    const restored = await restoreSessionState(session, sessionStateEnv(execution.agent, env, { sessionId: agentSessionId }));
    if (!restored.ok) {
      console.error(`[runner] execution ${execution.id}: session state not restored: ${restored.error.message}`);
      return { error: restored.error.message };
    }
    return restored.value;
  } catch (error) {
    console.error(`[runner] execution ${execution.id}: session state not restored:`, error);
    return { error: (error as Error).message ?? String(error) };
  }
}

/** After a turn (however it ended): the session's state stored, its superseded versions dropped. Logged, never thrown. */
export async function captureTurnState(
  turn: { executionId: string; agent: string; agentSessionId: string | null; cwd: string; projectId: string | null; runnerId: string },
  env: NodeJS.ProcessEnv,
): Promise<void> {
  if (!turn.agentSessionId) return;
  try {
    const captured = await captureSessionState(
      { ...turn, agentSessionId: turn.agentSessionId },
      sessionStateEnv(turn.agent, env, { sessionId: turn.agentSessionId }),
    );
    if (captured) await dropSupersededStates(turn.agent, turn.agentSessionId);
  } catch (error) {
    console.error(`[runner] execution ${turn.executionId}: session state not stored:`, error);
  }
}
