import { nowMs, parseTimings, type Timings } from "@/lib/executions/timings";
import { recordSessionFacts, retryRejectedResume } from "@/server/runner/turn/after-turn";
import { claimExecution } from "@/server/runner/turn/claim-execution";
import { planTurn } from "@/server/runner/turn/plan-turn";
import { captureTurnState } from "@/server/runner/turn/session-state";
import { announceEnding } from "@/server/runner/turn/announce-ending";
import { TurnRecorder, type RecorderContext, type TurnFlags } from "@/server/runner/turn-recorder";
import { startAgent, type WarmSessions } from "@/server/runner/warm/warm-sessions";
import { launchPlace } from "@/server/runner/workspace/prepare-workspace";
import { abandonRunningChecks, checkTurn } from "@/server/runner/check/check-turn";
import { prisma } from "@/server/db";
import { announce, notice } from "@/server/realtime/announce";

// One turn, from its job to its end: claim the execution, plan it (the rules
// are server/turns/: lineage, resume or Arbor's transcript, where its files
// are), start its agent (a warm process's next message, or a process of its
// own), record everything it prints, finish with how it ended, settle the
// process (kept warm, or closed), and retry a rejected resume once from
// Arbor's transcript. The recording is turn-recorder.ts; each step's own
// work is in turn/, warm/, agent-io/ and workspace/.

export type RunnerContext = RecorderContext & {
  /** Live processes of this runner, by execution id, for Cancel and shutdown. */
  live: Map<string, LiveProcess>;
  /** The environment agents inherit. */
  env: NodeJS.ProcessEnv;
  /** ARBOR_WORKSPACE_ROOTS: every cwd is checked against them again right before its spawn. */
  workspaceRoots: readonly string[];
  /** Warm sessions (server/runner/warm/): absent, every turn spawns its agent. */
  warm?: WarmSessions;
};

/** Cancel sets `cancelled`; the runner's own shutdown sets `stopping` (the run ends interrupted, session kept). */
export type LiveProcess = TurnFlags & { terminate: (graceMs: number) => Promise<void> };

/**
 * `options.early`: a Continue of a warm process's last turn, started as it was
 * queued (warm/early-turns.ts), not by a worker. A worker's job whose
 * execution such a run claimed waits for that run (the session's queue stays held).
 */
export async function executeJob(ctx: RunnerContext, executionId: string, options: { early?: boolean } = {}): Promise<void> {
  const pickedAt = nowMs();
  // Claim: only a queued execution starts, exactly once (Cancel may have won). An early run is announced once its message is written.
  const execution = await claimExecution(ctx, executionId, { announce: !options.early });
  if (!execution) return options.early ? undefined : ctx.warm?.adopted(executionId);
  // Where the launch's time goes (lib/executions/timings.ts): the web app stamped the request and the insert.
  const timings: Timings = { ...parseTimings(execution.timings), pickedAt, claimedAt: nowMs() };
  const recorder = new TurnRecorder(ctx, execution, timings);

  // Plan: recorded on the row before the agent starts. A plain Continue of a warm session's head is its
  // live process's next message; the place is settled once, whichever plans.
  const place = launchPlace(executionId, ctx.env, ctx.workspaceRoots, (kind, data) => recorder.note(kind, data));
  const turn = (await ctx.warm?.planWarmTurn(execution, place)) ?? (await planTurn(execution, ctx.env, place, { streamInput: ctx.warm?.enabled }));
  if (!turn.ok) return recorder.refuse(turn.code, turn.message);
  timings.plannedAt = nowMs();
  recorder.planned(turn);

  // Start.
  const { prepared, cwd } = turn;
  const agent = await startAgent(ctx.warm, turn, { execution, argv: prepared.argv, env: prepared.env, cwd, baseEnv: ctx.env, stdin: prepared.stdin });
  const live: LiveProcess = { terminate: (graceMs) => agent.terminate(graceMs), cancelled: false, stopping: false };
  ctx.live.set(executionId, live);

  // Record, until the agent's turn is over.
  await recorder.record(agent, live);
  const exit = await agent.wait();
  ctx.live.delete(executionId);
  const ended = await recorder.ended(agent, exit, live);

  // Finish: what the turn taught about its session first (whoever sees the status sees it too), then its status.
  await recordSessionFacts(ctx, ended).catch((error) => console.error(`[runner] execution ${executionId}: could not record its session's facts:`, error));
  await recorder.finish(ended.ending, { turn: ended, agent });
  announceEnding(ctx, execution, ended.ending, ended.outcome.result?.refusedActions ?? null);

  // Settle: the process stays warm for the session's next turn, or is closed. Then the project's check on the
  // turn's snapshot (the session's next turn waits for it: its job holds the queue, and no early start), then
  // retry a rejected resume.
  await agent.settle(ended.ending, { stopping: live.stopping });
  const sessionId = ended.outcome.sessionId ?? execution.targetSessionId;
  // The agent's own session state stored (any runner can go on with it), beside the check.
  const state = { executionId: execution.id, agent: execution.agent, agentSessionId: sessionId, cwd, projectId: execution.projectId, runnerId: ctx.runnerId };
  await Promise.all([captureTurnState(state, ctx.env), live.stopping ? null : checkEndedTurn(ctx, execution.id, sessionId)]);
  await retryRejectedResume(ctx, ended);
}

/** The project's check on an ended turn; a check that breaks is logged, the turn's record stands. */
async function checkEndedTurn(ctx: RunnerContext, executionId: string, sessionId: string | null): Promise<void> {
  const release = sessionId ? ctx.warm?.holdEarlyTurns(sessionId) : undefined;
  try {
    await checkTurn(
      {
        pool: ctx.pool,
        env: ctx.env,
        // The runner's shutdown stops it like an agent (and a check is never cancelled: its turn has ended).
        onStop: (stop) => {
          const entry: LiveProcess = { terminate: async () => stop(), cancelled: true, stopping: false };
          ctx.live.set(executionId, entry);
          return () => {
            if (ctx.live.get(executionId) === entry) ctx.live.delete(executionId);
          };
        },
      },
      executionId,
    );
  } catch (error) {
    console.error(`[runner] execution ${executionId}: its check could not run:`, error);
    const abandoned = await abandonRunningChecks(prisma, { executionId }, (error as Error).message ?? String(error)).catch(() => []);
    for (const id of abandoned) await announce(prisma, notice.status(id));
  } finally {
    release?.();
  }
}
