import type pg from "pg";
import { getAgentDefinition } from "@/server/agents/registry";
import type { WarmConfig } from "@/server/config/load-config";
import type { Execution } from "@/server/generated/prisma/client";
import { loadTurnPermissions, type TurnPolicyInputs } from "@/server/permissions/load-turn-permissions";
import type { ExitClassification } from "@/server/runner/turn/classify-exit";
import type { PlannedTurn } from "@/server/runner/turn/plan-turn";
import { EarlyTurns } from "@/server/runner/warm/early-turns";
import { PrestartPool } from "@/server/runner/warm/prestart-pool";
import { planPrestartedTurn } from "@/server/runner/warm/prestart-plan";
import { startWarmTurn } from "@/server/runner/warm/start-warm-turn";
import { ownTurnAgent } from "@/server/runner/warm/own-turn-agent";
import { WarmTurnAgent, type SpawnOptions, type TurnAgent } from "@/server/runner/warm/turn-agent";
import { preflight, warmGuards } from "@/server/runner/warm/warm-guards";
import { warmPlan, type Planned, type WarmPlanned } from "@/server/runner/warm/warm-plan";
import { WarmPool } from "@/server/runner/warm/warm-pool";
import { WarmProcess } from "@/server/runner/warm/warm-process";
import { spawnWarmCapable } from "@/server/runner/warm/spawn-warm-capable";
import { clearWarm, keepsWarm, warmStateRecorder } from "@/server/runner/warm/warm-state";
import type { Place } from "@/server/runner/workspace/prepare-workspace";
import { permissionsMisfit, sessionTouched, warmIneligibility } from "@/server/turns/warm-eligibility";

// Warm sessions (seed 001): the runner keeps a session's agent process alive
// after its turn, for an idle window, so a Continue of that turn is the
// process's next user message instead of a new process (no CLI start-up).
// execute-job.ts asks this module twice: before planning (planWarmTurn: is
// this turn the warm process's next message? the rule is
// server/turns/warm-eligibility.ts; if the turn touches a warm session
// otherwise, that process is closed first) and to start the agent
// (startAgent: the warm process, or a spawn that can stay warm). After the
// turn, settle() parks the process in the pool (warm-pool.ts) or closes it.
// The process, its pool, the guards, the plan, the early starts and the
// recorded state are modules of their own.

/** A warm process that prints nothing for this long after a message is taken as hung (it normally answers within ms). */
const WARM_START_TIMEOUT_MS = 15_000;
/** How long after a new run's turn the next agent of its kind is started ahead (its own start-up off that turn's work). */
const PRESTART_DELAY_MS = 1_000;

/** A run of its own (no Continue, Fork or restart): it may take a pre-started process. */
function isNewRun(execution: Execution): boolean {
  return !execution.parentExecutionId && !execution.forkedFromExecutionId && !execution.resumeDecision && execution.targetSessionId !== null;
}

export class WarmSessions {
  readonly pool: WarmPool;
  /** Why a turn spawned although its session was warm, by execution id (its launch_reason). */
  private readonly fallbacks = new Map<string, string>();
  /** Continues of a warm session's head started before the queue hands them out (early-turns.ts). */
  private readonly early: EarlyTurns;
  /** Records that a session is warm (until: its idle window's end) or cold (null), in order (warm-state.ts). */
  private readonly announce: (process: WarmProcess, until: number | null) => Promise<void>;
  /** Warm-capable processes running a turn, by agent session (a follow-up may be steered into them). */
  private readonly running = new Map<string, WarmProcess>();
  /** Sessions whose last turn's check runs (server/runner/check/): no early turn for them meanwhile. */
  private readonly held = new Set<string>();
  /** Agent processes started ahead of new runs (prestart-pool.ts); null when ARBOR_PRESTART is off. */
  readonly prestart: PrestartPool | null;

  constructor(
    readonly config: WarmConfig & { startTimeoutMs?: number },
    private readonly ctx: { runnerId: string; pool: pg.Pool; env: NodeJS.ProcessEnv; workspaceRoots: readonly string[]; log: (line: string) => void },
  ) {
    this.announce = warmStateRecorder(ctx.pool, ctx.runnerId, ctx.log);
    this.early = new EarlyTurns({
      enabled: () => this.config.enabled,
      runnerId: ctx.runnerId,
      // A session whose last turn is being checked takes no early turn: its next turn waits in the queue for the check.
      parked: (sessionId) => (this.held.has(sessionId) ? null : this.pool.peek(sessionId)),
      running: (sessionId) => (this.config.steering && !this.held.has(sessionId) ? this.running.get(sessionId) : undefined),
      preflight: (process, sessionId) => preflight(process, sessionId, ctx),
      prestarted: (sessionId) => this.prestart?.holds(sessionId) ?? false,
    });
    this.prestart = config.prestart
      ? new PrestartPool(
          { ...config, delayMs: config.prestartDelayMs ?? PRESTART_DELAY_MS },
          { ...ctx, warmHeld: () => ({ count: this.pool.size, bytes: this.pool.memory() }), makeRoom: () => this.closeOldestWarm() },
        )
      : null;
    this.pool = new WarmPool(
      config,
      {
        parked: (process, until) => void this.announce(process, until),
        left: (process, closed) => {
          if (closed === null) return; // taken for a turn: still warm
          ctx.log(`warm session ${process.sessionId} (pid ${process.pid}) closed: ${closed}`);
          void this.announce(process, null);
        },
      },
      () => ({ count: this.prestart?.size ?? 0, bytes: this.prestart?.memory() ?? 0 }),
    );
  }

  /** A pre-started agent needs a place within the caps: the least recently parked warm session is closed (false: none to close). */
  private async closeOldestWarm(): Promise<boolean> {
    const [oldest] = this.pool.sessions();
    if (!oldest) return false;
    await this.pool.close(oldest, "a pre-started agent for the project's next new run needed room");
    return true;
  }

  get enabled(): boolean {
    return this.config.enabled;
  }

  /** At start: no session is warm on this runner (a previous process of it may have left rows saying so). */
  async start(): Promise<void> {
    await Promise.all([clearWarm(this.ctx.pool, this.ctx.runnerId), this.prestart?.start()]);
  }

  /**
   * Before the usual plan: the turn as the next message of its session's warm
   * process, or null. A warm process of the session this turn cannot use is
   * closed (cleanly) before the turn spawns, and why is kept for its record.
   * `place` settles where the turn works (a git worktree's start commit is
   * recorded there), once the turn is known to go to the process.
   */
  async planWarmTurn(execution: Execution, place: Place): Promise<PlannedTurn | null> {
    if (!this.config.enabled) return null;
    // A new run that claimed a pre-started process of this runner: its prompt is that process's first message.
    const prestarted = this.prestart && isNewRun(execution) ? this.prestart.take(execution.targetSessionId!) : null;
    if (prestarted) {
      const planned = await planPrestartedTurn(execution, prestarted, this.prestart!, this.ctx.env, this.ctx.log).catch(async (error: Error) => {
        await this.prestart!.discard(prestarted, `its run could not be planned: ${error.message}`);
        throw error;
      });
      if ("plan" in planned) return planned.plan;
      this.fallbacks.set(execution.id, planned.why);
      return null;
    }
    const sessionId = sessionTouched(execution);
    if (!sessionId) return null;
    // Steering: a Continue of the turn running on a warm-capable process goes to that process at once
    // (in that turn's directory: its files are that turn's until it ends).
    const busy = this.config.steering ? this.running.get(sessionId) : undefined;
    if (busy?.alive && !this.pool.peek(sessionId)) {
      if (warmIneligibility(execution, busy)) return null;
      const permissions = await this.turnPermissions(execution, busy);
      return permissions.fits ? warmPlan(execution, { sessionId, process: busy, cwd: busy.options.cwd, place }, "resumable", permissions.policy) : null;
    }
    const process = this.pool.peek(sessionId);
    if (!process) return null;
    const ineligible = warmIneligibility(execution, process);
    const early = this.early.takePreflight(execution.id);
    // The turn's policy is read while the guards stat their files (or was, with their early facts, as the Continue was asked for).
    const [verdict, permissions] = ineligible
      ? [null, null]
      : await Promise.all([warmGuards(execution, process, sessionId, this.ctx, early), this.turnPermissions(execution, process, early?.policy ?? undefined)]);
    const why = ineligible ?? verdict!.why ?? (permissions && !permissions.fits ? permissions.why : null);
    const { reason, settled } = verdict ?? { reason: "resumable" as const, settled: null };
    const taken = why ? null : this.pool.take(sessionId);
    if (!taken) {
      this.fallbacks.set(execution.id, `${why ?? "The session's warm process had exited"}; it spawned the agent`);
      await this.pool.close(sessionId, why ?? "it had exited");
      return null;
    }
    // Where the turn works: a worktree's state before the turn is recorded now (before the agent gets the message).
    const where = settled ?? (await place());
    if (!where.ok || where.cwd !== taken.options.cwd) {
      void this.announce(taken, null);
      await taken.close().catch(() => {});
      if (!where.ok) return where;
      this.fallbacks.set(execution.id, "The turn's directory is not the warm process's any more; it spawned the agent");
      return null;
    }
    return warmPlan(execution, { sessionId, process: taken, cwd: where.cwd, place }, reason, permissions?.fits ? permissions.policy : null);
  }

  /** Holds early turns of a session until the returned function is called (its last turn's check runs). */
  holdEarlyTurns(sessionId: string): () => void {
    this.held.add(sessionId);
    return () => this.held.delete(sessionId);
  }

  /** The policy the turn must run under, and whether the process's launch can honour it (else it spawns under it). */
  private async turnPermissions(
    execution: Execution,
    process: WarmProcess,
    early?: TurnPolicyInputs,
  ): Promise<{ fits: true; policy: WarmPlanned["permissions"] } | { fits: false; why: string }> {
    const agent = getAgentDefinition(execution.agent);
    const loaded = agent ? await loadTurnPermissions(execution, agent, early) : null;
    if (!loaded?.ok) return { fits: false, why: loaded?.message ?? "The turn's agent is unknown" };
    const misfit = permissionsMisfit(process.options.permissions, loaded.permissions);
    return misfit ? { fits: false, why: misfit } : { fits: true, policy: loaded.permissions };
  }

  /** Starts the planned turn: the warm process's next message, a spawn that can stay warm, or a plain spawn. */
  async startAgent(turn: Planned, options: SpawnOptions): Promise<TurnAgent> {
    const { execution } = options;
    const fallback = this.fallbacks.get(execution.id) ?? null;
    this.fallbacks.delete(execution.id);
    const settle = (process: WarmProcess, ending: ExitClassification, context: { stopping: boolean; steered: boolean }) =>
      this.settle(process, execution, ending, context);
    const hooks = { startTimeoutMs: this.config.startTimeoutMs ?? WARM_START_TIMEOUT_MS, settle, continues: execution.parentExecutionId };
    if ("warm" in turn && turn.warm instanceof WarmProcess) {
      return startWarmTurn(turn as WarmPlanned, options, hooks, {
        env: this.ctx.env,
        running: (sessionId, process) => this.running.set(sessionId, process),
        spawnWarmCapable: (planned, spawnOptions) => this.spawnWarmCapable(planned, spawnOptions),
      });
    }
    if (turn.prepared.streamInput?.protocol.reusable && this.config.enabled) {
      const spawned = this.spawnWarmCapable(turn, options);
      return new WarmTurnAgent(spawned.process, spawned.turn, { kind: "spawn", reason: fallback }, hooks);
    }
    return ownTurnAgent(turn, options, fallback);
  }

  /** A Continue of a warm session's head was asked for or queued (early-turns.ts). */
  continueAsked(payload: string): void {
    this.early.continueAsked(payload);
  }

  startEarly(payload: string, run: (executionId: string) => Promise<void>, room?: () => boolean): void {
    this.early.queued(payload, run, room);
  }

  adopted(executionId: string): Promise<void> | undefined {
    return this.early.adopted(executionId);
  }

  /** Closes the session's warm process, if this runner keeps one (keep_warm turned off, poisoned, …). */
  closeSession(sessionId: string, why: string): Promise<void> {
    return this.pool.close(sessionId, why);
  }

  async stop(why = "the runner is stopping"): Promise<void> {
    // Early runs are no worker's job: wait for them like the workers' own (they were told to stop with the rest).
    await this.early.settled();
    await Promise.all([this.pool.closeAll(why), this.prestart?.stop()]);
    await clearWarm(this.ctx.pool, this.ctx.runnerId).catch(() => {});
  }

  private spawnWarmCapable(turn: Planned, options: SpawnOptions) {
    const spawned = spawnWarmCapable(turn, options);
    if (spawned.process.sessionId) this.running.set(spawned.process.sessionId, spawned.process);
    return spawned;
  }

  /**
   * After a turn: the process stays for the session's next turn when the turn
   * completed and the person allows it; otherwise (a failure, a cancel, the
   * runner stopping) it closes cleanly and the next turn spawns.
   */
  private async settle(
    process: WarmProcess,
    execution: Execution,
    ending: ExitClassification,
    context: { stopping: boolean; steered: boolean },
  ): Promise<void> {
    const sessionId = process.sessionId;
    // A new run of a project here: the next one is likely, and may find its agent started (prestart-pool.ts).
    if (!context.stopping && isNewRun(execution) && execution.projectId && !execution.sharedDirectory)
      this.prestart?.want({ projectId: execution.projectId, agent: execution.agent, model: execution.model });
    // A steered turn's fate is the turn it joined; a process that already has the next message is that turn's to settle.
    if (context.steered || (process.alive && process.busy)) return;
    if (sessionId && this.running.get(sessionId) === process) this.running.delete(sessionId);
    const keep =
      this.config.enabled &&
      !context.stopping &&
      ending.status === "completed" &&
      process.alive &&
      !process.busy &&
      sessionId !== null &&
      (await keepsWarm(this.ctx.pool, { agent: execution.agent, agentSessionId: sessionId }).catch(() => false));
    if (!keep) {
      await process.close().catch(() => {});
      await this.announce(process, null);
      return;
    }
    this.pool.park(process);
  }
}

/**
 * Starts a planned turn's agent (execute-job.ts): through warm sessions when
 * the runner has them, else a process of its own (reading its input from
 * stdin when the turn's policy has it ask a person).
 */
export async function startAgent(warm: WarmSessions | undefined, turn: Planned, options: SpawnOptions): Promise<TurnAgent> {
  if (warm) return warm.startAgent(turn, options);
  return ownTurnAgent(turn, options, null);
}
