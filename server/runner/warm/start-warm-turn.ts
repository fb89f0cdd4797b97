import { prisma } from "@/server/db";
import { grantMcpToken } from "@/server/mcp/mcp-token";
import { planTurn } from "@/server/runner/turn/plan-turn";
import type { PrestartedPlan } from "@/server/runner/warm/prestart-plan";
import type { spawnWarmCapable } from "@/server/runner/warm/spawn-warm-capable";
import { type SpawnOptions, WarmTurnAgent, type WarmTurnHooks } from "@/server/runner/warm/turn-agent";
import type { WarmPlanned } from "@/server/runner/warm/warm-plan";
import type { WarmProcess } from "@/server/runner/warm/warm-process";

// A planned turn given to a live process as its next message: a warm
// session's (its next turn) or a pre-started agent's (its first). Split from
// warm-sessions.ts, which decides that the turn goes there.

type Deps = {
  env: NodeJS.ProcessEnv;
  /** Records the process as running this session's turn (steering finds it there). */
  running: (sessionId: string, process: WarmProcess) => void;
  spawnWarmCapable: (turn: Parameters<typeof spawnWarmCapable>[0], options: SpawnOptions) => ReturnType<typeof spawnWarmCapable>;
};

export async function startWarmTurn(turn: WarmPlanned, options: SpawnOptions, hooks: Omit<WarmTurnHooks, "replace">, deps: Deps): Promise<WarmTurnAgent> {
  const { execution } = options;
  const { warm: process, place } = turn;
  const becomeLine = "becomeLine" in turn ? (turn as PrestartedPlan).becomeLine : null;
  // Its MCP token is good for this turn from before the agent reads the message.
  if (turn.mcpTokenHash) await grantMcpToken(turn.mcpTokenHash, execution.id);
  const message = process.send(turn.prepared.streamInput!.prompt, execution.id);
  // A pre-started agent reads its first message while its worktree becomes the run's line.
  const prestarted = becomeLine ? await becomeLine() : null;
  deps.running(turn.mode.kind === "continue" ? turn.mode.sessionId : process.sessionId!, process);
  const agent = new WarmTurnAgent(
    process,
    message,
    { kind: prestarted ? "prestarted" : "warm", reason: null },
    {
      ...hooks,
      replace: async () => {
        // Planned again from scratch (the session's facts as a spawn sees them), spawned, and recorded as this turn's process.
        const planned = await planTurn(execution, deps.env, place, { streamInput: true });
        if (!planned.ok || !planned.prepared.streamInput) return null;
        const spawned = deps.spawnWarmCapable(planned, options);
        if (spawned.process.pid) {
          const { identity } = spawned.process;
          await prisma.execution
            .update({
              where: { id: execution.id },
              data: { pid: spawned.process.pid, processGroupId: identity?.pgid ?? null, processStartTicks: identity?.startTicks ?? null },
            })
            .catch(() => {});
        }
        return spawned;
      },
    },
  );
  // Stored with its process record (turn/turn-records.ts), after the message is written: how it was decided, and the runtime that runs it.
  agent.launchRecord = prestarted
    ? { sessionId: process.sessionId, ...(prestarted as { runtimePath: string | null; runtimeVersion: string | null }) }
    : {
        sessionId: process.sessionId,
        resumeDecision: "resume",
        resumeReason: turn.resume?.reason ?? "resumable",
        resumeMessage: null,
        runtimePath: process.options.runtime.path,
        runtimeVersion: process.options.runtime.version,
        ...(turn.permissions ? { permissionPolicy: turn.permissions } : {}),
      };
  return agent;
}
