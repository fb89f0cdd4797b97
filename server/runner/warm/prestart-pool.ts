import { randomUUID } from "node:crypto";
import type pg from "pg";
import { prisma } from "@/server/db";
import { resolveCommit } from "@/server/git/refs";
import { removeWorktree } from "@/server/git/remove-worktree";
import { openingLines } from "@/server/runner/approvals/live-channel";
import { makePrestartWorktree, removePrestartLeftover } from "@/server/runner/warm/prestart-worktree";
import { planPrestartedLaunch, type PrestartedLaunch } from "@/server/runner/warm/prestart-launch";
import { binaryStat } from "@/server/runner/warm/warm-guards";
import { WarmProcess } from "@/server/runner/warm/warm-process";

// Pre-started agents (issue 28): after a new run of a project's agent on
// this runner, the runner starts the next one ahead of time, so the next new
// run of that project and agent gives its prompt to a process already up
// (as a warm Continue does) instead of waiting for the CLI to start. Each
// waits in a worktree of the project's base (branch arbor/prestart/<hex>,
// renamed to the run's own when taken) with a session id minted for it,
// listed in prestarted_agents for the web app to claim
// (server/executions/claim-prestarted.ts). One per (project, agent, model),
// counted in the warm caps (the least recently parked warm session makes room
// for it; parking one makes room around it), retired after the warm idle window, when its base
// branch moves, and when the runner stops; one that dies is replaced (never
// handed out). Only a process that left the table (claimed) is taken, and only
// for the run that claimed it: its session id is that run's.

export type PrestartKey = { projectId: string; agent: string; model: string | null };

export type Prestarted = PrestartKey & {
  sessionId: string;
  process: WarmProcess;
  cwd: string;
  repo: string;
  /** The worktree's branch until a run takes it (its own name then). */
  branch: string;
  baseBranch: string;
  baseSha: string;
  /** The project's copyFiles when its worktree was made: a run of a project whose list changed since spawns. */
  copyFiles: string[];
  launch: PrestartedLaunch;
  timer: NodeJS.Timeout;
};

type Ctx = {
  runnerId: string;
  pool: pg.Pool;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** Processes and memory the warm pool holds now: both count in the caps. */
  warmHeld: () => { count: number; bytes: number };
  /** Closes the least recently parked warm session; false when there is none. */
  makeRoom: () => Promise<boolean>;
};

export type PrestartLimits = { idleMs: number; maxProcesses: number; maxBytes: number; delayMs: number };

/** A process that dies this soon after its start is not started again for a while (a broken launch would loop). */
const QUICK_DEATH_MS = 3_000;
const BACKOFF_MS = 60_000;
/** How often claimed-but-untaken processes (a cancelled run) and moved bases are looked for. */
const RECONCILE_MS = 5_000;

export class PrestartPool {
  private readonly entries = new Map<string, Prestarted>();
  private readonly filling = new Map<string, Promise<void>>();
  private readonly pausedUntil = new Map<string, number>();
  private readonly reconciler: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly limits: PrestartLimits,
    private readonly ctx: Ctx,
  ) {
    this.reconciler = setInterval(() => void this.reconcile().catch((error) => ctx.log(`pre-started agents: ${(error as Error).message}`)), RECONCILE_MS);
    this.reconciler.unref();
  }

  get size(): number {
    return this.entries.size;
  }

  memory(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.process.rssBytes() ?? 0;
    return total;
  }

  /** At start: what a previous process of this runner left (its processes died with it) is removed. */
  async start(): Promise<void> {
    const { rows } = await this.ctx.pool.query<{ session_id: string; project_id: string; cwd: string }>(
      "DELETE FROM prestarted_agents WHERE runner_id = $1 RETURNING session_id, project_id, cwd",
      [this.ctx.runnerId],
    );
    for (const row of rows) await removePrestartLeftover(row.project_id, row.cwd, this.ctx.env);
  }

  /** A run of this key ended here: keep one process of it started (after `delayMs`, off the ended turn's work). */
  want(key: PrestartKey): void {
    const id = keyOf(key);
    if (this.stopped || this.filling.has(id) || [...this.entries.values()].some((entry) => keyOf(entry) === id)) return;
    if ((this.pausedUntil.get(id) ?? 0) > Date.now()) return;
    const job = delay(this.limits.delayMs)
      .then(() => this.fill(key))
      .catch((error: Error) => this.ctx.log(`pre-started agent for ${id}: ${error.message}`))
      .finally(() => this.filling.delete(id));
    this.filling.set(id, job);
  }

  /** The process minted for this session, now the caller's: only for the run that claimed it (its row is gone). */
  take(sessionId: string): Prestarted | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    this.entries.delete(sessionId);
    clearTimeout(entry.timer);
    if (entry.process.alive) return entry;
    void this.discard(entry, "it had exited");
    return null;
  }

  /** A taken process the run could not use (its launch differs): closed, its worktree removed (its row is gone already). */
  async discard(entry: Prestarted, why: string): Promise<void> {
    this.ctx.log(`pre-started agent ${entry.sessionId} (pid ${entry.process.pid}) closed: ${why}`);
    await entry.process.close(2_000).catch(() => {});
    await removeWorktree({ repo: entry.repo, path: entry.cwd, branch: entry.branch, deleteBranch: true }).catch(() => {});
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.reconciler);
    await Promise.all([...this.filling.values()]);
    await Promise.all([...this.entries.values()].map((entry) => this.retire(entry, "the runner is stopping", { claimed: true })));
  }

  /**
   * Retires a waiting process: its row deleted first (a run that claimed it
   * meanwhile keeps it, unless `claimed`: the runner stops, and that run spawns).
   */
  private async retire(entry: Prestarted, why: string, options: { claimed?: boolean } = {}): Promise<void> {
    if (this.entries.get(entry.sessionId) !== entry) return;
    const { rowCount } = await this.ctx.pool.query("DELETE FROM prestarted_agents WHERE session_id = $1", [entry.sessionId]);
    if (!rowCount && !options.claimed) return;
    if (this.entries.get(entry.sessionId) !== entry) return;
    this.entries.delete(entry.sessionId);
    clearTimeout(entry.timer);
    await this.discard(entry, why);
  }

  /** Whether a process of this pool waits in that session (a run that claimed it may start at once). */
  holds(sessionId: string): boolean {
    return this.entries.has(sessionId);
  }

  private async fill(key: PrestartKey): Promise<void> {
    if (this.stopped || this.limits.maxProcesses < 1) return;
    // Within the warm caps: the least recently parked warm sessions are closed to make room, as parking one more would.
    while (!this.roomForOne()) if (!(await this.ctx.makeRoom())) return;
    const project = await prisma.project.findUnique({ where: { id: key.projectId } });
    // A setup script's output belongs in its run's log, and it may depend on the run: such a project's runs spawn.
    if (!project?.baseBranch || project.setupScript) return;
    const made = await makePrestartWorktree({ ...project, baseBranch: project.baseBranch }, this.ctx.env, this.ctx.log);
    if (!made) return;
    const { repo, cwd, branch, baseSha, undo } = made;
    const sessionId = randomUUID();
    const inputs = { ...key, requestedPermissions: null };
    const launch = await planPrestartedLaunch(inputs, { sessionId, cwd }, this.ctx.env, "mint").catch((error: Error) => {
      this.ctx.log(`pre-started agent for ${project.id}: its launch could not be planned: ${error.message}`);
      return null;
    });
    if (!launch || this.stopped) return void (await undo());
    // Listed before the process starts: the CLI connects to Arbor's MCP server as it starts, and the server answers
    // that connection for a listed token (server/mcp/authenticate-mcp-request.ts); a process that dies at once finds
    // its row to delete.
    const listed = await this.ctx.pool
      .query(
        "INSERT INTO prestarted_agents (session_id, runner_id, project_id, agent, model, base_sha, cwd, mcp_token_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        [sessionId, this.ctx.runnerId, key.projectId, key.agent, key.model, baseSha, cwd, launch.mcp?.tokenHash ?? null],
      )
      .then(
        () => true,
        (error: Error) => {
          this.ctx.log(`pre-started agent for ${project.id}: ${error.message}`);
          return false;
        },
      );
    if (!listed) return void (await undo());
    const { prepared } = launch;
    const process = new WarmProcess({
      argv: prepared.argv,
      env: prepared.env,
      cwd,
      baseEnv: this.ctx.env,
      protocol: prepared.streamInput!.protocol,
      agentId: key.agent,
      requestedCwd: cwd,
      model: key.model,
      projectId: key.projectId,
      mcpTokenHash: launch.mcp?.tokenHash ?? null,
      runtime: { ...launch.runtime },
      permissions: launch.permissions,
      opening: openingLines(prepared.agent, launch.permissions),
      // Its first message's per-conversation work done now, while it waits (claude-stream-input.ts).
      warmUp: true,
    });
    process.sessionId = sessionId;
    void binaryStat(process).then((binary) => (process.options.binary = binary));
    const timer = setTimeout(() => void this.retire(entry, "its idle window ended"), this.limits.idleMs);
    timer.unref();
    const entry: Prestarted = {
      ...key,
      sessionId,
      process,
      cwd,
      repo,
      branch,
      baseBranch: project.baseBranch,
      baseSha,
      copyFiles: [...project.copyFiles],
      launch,
      timer,
    };
    this.entries.set(sessionId, entry);
    void process.exit.then(() => this.died(entry));
    void process.sessionReported.then((reported) => this.reported(entry, reported));
    this.ctx.log(`pre-started ${key.agent} for ${key.projectId} (pid ${process.pid}, session ${sessionId})`);
  }

  private roomForOne(): boolean {
    const held = this.ctx.warmHeld();
    return held.count + this.entries.size + 1 <= this.limits.maxProcesses && held.bytes + this.memory() < this.limits.maxBytes;
  }

  /** The process named its session: a run that claims it records that id in its insert (claim-prestarted.ts). */
  private async reported(entry: Prestarted, sessionId: string | null): Promise<void> {
    if (sessionId === null || this.entries.get(entry.sessionId) !== entry) return;
    if (sessionId !== entry.sessionId) return this.retire(entry, `it named another session (${sessionId}) than the one minted for it`);
    await this.ctx.pool.query("UPDATE prestarted_agents SET session_reported_at = now() WHERE session_id = $1", [sessionId]).catch(() => {});
  }

  /** A waiting process that exited is never handed out: it leaves, and another is started in its place. */
  private async died(entry: Prestarted): Promise<void> {
    if (this.entries.get(entry.sessionId) !== entry) return;
    await this.retire(entry, "it exited while waiting", { claimed: true });
    if (this.stopped) return;
    if (Date.now() - entry.process.spawnedAt < QUICK_DEATH_MS) this.pausedUntil.set(keyOf(entry), Date.now() + BACKOFF_MS);
    this.want(entry);
  }

  /** Claimed by a run that will never take it (cancelled, failed; one being claimed right now is running), or started from a base that moved: retired. */
  private async reconcile(): Promise<void> {
    if (this.entries.size === 0) return;
    const entries = [...this.entries.values()];
    const { rows } = await this.ctx.pool.query<{ session_id: string; listed: boolean; waiting: boolean }>(
      `SELECT s.id AS session_id, EXISTS (SELECT 1 FROM prestarted_agents p WHERE p.session_id = s.id) AS listed,
              EXISTS (SELECT 1 FROM executions e WHERE e.target_session_id = s.id AND e.status IN ('queued', 'running')) AS waiting
       FROM unnest($1::text[]) AS s(id)`,
      [entries.map((entry) => entry.sessionId)],
    );
    const state = new Map(rows.map((row) => [row.session_id, row]));
    for (const entry of entries) {
      const row = state.get(entry.sessionId);
      if (row && !row.listed && !row.waiting) await this.retire(entry, "the run that claimed it will not run", { claimed: true });
      else if (row?.listed && (await resolveCommit(entry.repo, `refs/heads/${entry.baseBranch}`)) !== entry.baseSha) {
        await this.retire(entry, "its base branch moved");
        this.want(entry);
      }
    }
  }
}

function keyOf(key: PrestartKey): string {
  return `${key.projectId}\u0000${key.agent}\u0000${key.model ?? ""}`;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
