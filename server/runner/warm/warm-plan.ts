import type { Execution } from "@/server/generated/prisma/client";
import { getAgentDefinition } from "@/server/agents/registry";
import { lineReaderOf } from "@/server/runner/agent-io/agent-adapter";
import type { PlannedTurn } from "@/server/runner/turn/plan-turn";
import type { WarmProcess } from "@/server/runner/warm/warm-process";
import type { Place } from "@/server/runner/workspace/prepare-workspace";

// A turn planned onto a session's warm process: its next user message. What a
// spawn's plan (plan-turn.ts) would decide is settled by the process itself
// (the same session, agent, directory and launch), so nothing is written
// here: the turn's decision is stored with its process record, once its
// message is written (warm-sessions.ts, launchRecord).

export type Planned = Extract<PlannedTurn, { ok: true }>;
/** A turn planned onto a warm process: its next user message (`place`: where the turn works, for a re-plan when the process is gone). */
export type WarmPlanned = Planned & { warm: WarmProcess; place: Place };

export function warmPlan(
  execution: Execution,
  on: { sessionId: string; process: WarmProcess; cwd: string; place: Place },
  reason: "resumable" | "runtime_upgraded",
  permissions: WarmPlanned["permissions"],
): WarmPlanned {
  const agent = getAgentDefinition(execution.agent)!;
  const prompt = execution.agentPrompt ?? execution.prompt;
  return {
    ok: true,
    mode: { kind: "continue", sessionId: on.sessionId },
    prepared: {
      agent,
      argv: [...on.process.options.argv],
      env: {},
      expectedSessionId: on.sessionId,
      permissionNotes: [],
      ...lineReaderOf(agent),
      readUsageFile: async () => null,
      streamInput: { prompt, protocol: agent.streamInput! },
    },
    cwd: on.cwd,
    resumes: true,
    resume: { decision: "resume", reason },
    transcriptSourceId: execution.parentExecutionId,
    transcript: null,
    permissions,
    // The process's MCP token: granted to this turn too as its message is sent (warm-sessions.ts).
    mcpTokenHash: on.process.options.mcpTokenHash ?? null,
    warm: on.process,
    place: on.place,
  };
}
