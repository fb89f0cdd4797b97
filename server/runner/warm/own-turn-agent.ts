import type { EffectivePermissions } from "@/lib/permissions/schema";
import { nowMs } from "@/lib/executions/timings";
import type { StreamInputProtocol } from "@/server/agents/types";
import { spawnAgentProcess, type AgentExit } from "@/server/runner/agent-io/agent-process";
import { readProcessIdentity } from "@/server/runner/agent-io/process-identity";
import { openingLines } from "@/server/runner/approvals/live-channel";
import type { PlannedTurn } from "@/server/runner/turn/plan-turn";
import type { ProcessTurn } from "@/server/runner/warm/process-turn";
import { type Launch, type ProcessOptions, type SpawnOptions, type TurnAgent, WarmTurnAgent } from "@/server/runner/warm/turn-agent";
import { WarmProcess } from "@/server/runner/warm/warm-process";

// A turn's agent as a process of its own, where no warm process serves it:
// its prompt in its argv (or stdin), or read from stdin for one turn when the
// turn's policy has it ask a person. Split from turn-agent.ts, which holds
// the contract and the warm-capable turn these build on.

/** A process for this turn alone: reading its input from stdin when it must (a person answers its questions there), else as before. */
export function ownTurnAgent(turn: Extract<PlannedTurn, { ok: true }>, options: SpawnOptions, launchReason: string | null): TurnAgent {
  const { argv, env, cwd, baseEnv, stdin, execution } = options;
  if (turn.prepared.streamInput) {
    return streamedTurnAgent({ argv, env, cwd, baseEnv }, turn.prepared.streamInput, {
      agentId: execution.agent,
      executionId: execution.id,
      permissions: turn.permissions,
      opening: openingLines(turn.prepared.agent, turn.permissions),
    });
  }
  return spawnedTurnAgent({ argv, env, cwd, baseEnv, stdin }, launchReason);
}

/** A process of its own for one turn, as before warm sessions: in its own process group, no shell, its prompt in its argv (or stdin). */
function spawnedTurnAgent(options: ProcessOptions, launchReason: string | null): TurnAgent {
  const child = spawnAgentProcess(options);
  const stamps: TurnAgent["stamps"] = { spawnedAt: nowMs() };
  const launch: Launch = { kind: "spawn", reason: launchReason };
  return {
    pid: child.pid,
    // spawn() returns once the child has exec'd (or failed to), so its group
    // is already its own; a process that exited at once is still a zombie here.
    identity: child.pid === undefined ? null : readProcessIdentity(child.pid),
    onStdoutLine: (handler) =>
      child.onStdoutLine((line) => {
        stamps.firstLineAt ??= nowMs();
        return handler(line.text, line.truncated);
      }),
    onStderr: (handler) => child.onStderr(handler),
    wait: () => child.wait(),
    terminate: async (graceMs) => {
      await child.terminate(graceMs);
    },
    launch,
    stamps,
    finishData: () => ({ launchKind: launch.kind, launchReason: launch.reason }),
    settle: async () => {},
    // Its stdin is closed (the prompt is in its argv): nothing can be answered.
    writeInput: () => false,
  };
}

/**
 * A process of its own for one turn that reads its input from stdin (the
 * agent's streamInput protocol), where warm sessions are off but the turn's
 * policy has the agent ask a person (approvals are answered on stdin). It is
 * closed once the turn has ended.
 */
function streamedTurnAgent(
  options: Omit<ProcessOptions, "stdin">,
  stream: { prompt: string; protocol: StreamInputProtocol },
  agent: { agentId: string; executionId: string; permissions: EffectivePermissions | null; opening: string[] },
): TurnAgent {
  const process = new WarmProcess({
    ...options,
    protocol: stream.protocol,
    agentId: agent.agentId,
    requestedCwd: options.cwd,
    runtime: { path: null, version: null },
    permissions: agent.permissions,
    opening: agent.opening,
  });
  const turn = process.send(stream.prompt, agent.executionId);
  return new OneTurnAgent(process, turn);
}

/**
 * A streamed process that serves one turn: once the turn has ended it is
 * closed and its exit waited for, so the turn ends as a process of its own
 * would — with everything the CLI writes on its way out (Claude Code's last
 * transcript lines) written before the turn's facts are recorded.
 */
class OneTurnAgent extends WarmTurnAgent {
  constructor(
    private readonly own: WarmProcess,
    turn: ProcessTurn,
  ) {
    super(own, turn, { kind: "spawn", reason: null }, { startTimeoutMs: 0, continues: null, settle: async () => {} });
  }

  override async wait(): Promise<AgentExit> {
    const end = await super.wait();
    if (this.own.alive) await this.own.close().catch(() => {});
    return end;
  }
}
