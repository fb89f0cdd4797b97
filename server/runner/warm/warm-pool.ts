import type { WarmProcess } from "@/server/runner/warm/warm-process";

// The warm processes a runner keeps between turns, one per agent session,
// idle (a process running a turn is its turn's, not the pool's). Bounded:
// each closes after the idle window, and parking one more than the count or
// memory cap allows closes the least recently used first (a process alone
// over the memory cap is not kept at all). Closing is always clean (end of
// input, see WarmProcess.close), so the session stays resumable by a spawn.

export type WarmLimits = { idleMs: number; maxProcesses: number; maxBytes: number };

export type ParkedProcess = { process: WarmProcess; parkedAt: number; until: number; timer: NodeJS.Timeout };

/** Processes held beside the pool within the same caps (pre-started agents): parking makes room around them. */
export type Reserved = () => { count: number; bytes: number };

export type PoolEvents = {
  /** A process was parked (kept warm until `until`) or left the pool (taken for a turn, or closed: `closed` says why). */
  parked(process: WarmProcess, until: number): void;
  left(process: WarmProcess, closed: string | null): void;
};

export class WarmPool {
  private readonly idle = new Map<string, ParkedProcess>();

  constructor(
    private readonly limits: WarmLimits,
    private readonly events: PoolEvents,
    private readonly reserved: Reserved = () => ({ count: 0, bytes: 0 }),
  ) {}

  get size(): number {
    return this.idle.size;
  }

  /** Sessions with a parked process, least recently parked first. */
  sessions(): string[] {
    return [...this.idle.keys()];
  }

  peek(sessionId: string): WarmProcess | null {
    return this.idle.get(sessionId)?.process ?? null;
  }

  /** The parked process of a session, now the caller's (for a turn); null when none. */
  take(sessionId: string): WarmProcess | null {
    const parked = this.idle.get(sessionId);
    if (!parked) return null;
    this.idle.delete(sessionId);
    clearTimeout(parked.timer);
    if (!parked.process.alive) {
      this.events.left(parked.process, "it had exited");
      return null;
    }
    this.events.left(parked.process, null);
    return parked.process;
  }

  /**
   * Keeps an idle process for its session's next turn, within the caps (the
   * least recently parked are closed to make room). False when it was not
   * kept (it is closed then).
   */
  park(process: WarmProcess): boolean {
    const sessionId = process.sessionId;
    if (!sessionId || !process.alive || process.busy) {
      void this.closeProcess(process, "it could not be kept");
      return false;
    }
    const existing = this.idle.get(sessionId);
    if (existing && existing.process !== process) void this.close(sessionId, "a newer process of the session replaced it");
    else if (existing) {
      // Parked again (its idle window starts over).
      clearTimeout(existing.timer);
      this.idle.delete(sessionId);
    }
    const rss = process.rssBytes() ?? 0;
    if (this.limits.maxProcesses < 1 || rss > this.limits.maxBytes) {
      void this.closeProcess(process, this.limits.maxProcesses < 1 ? "warm sessions are off" : "it alone uses more memory than the warm cap");
      return false;
    }
    // Make room: oldest first, until one more fits in count and memory (beside the reserved processes).
    const reserved = this.reserved();
    for (const oldest of this.sessions()) {
      if (this.idle.size + reserved.count < this.limits.maxProcesses && this.memory() + reserved.bytes + rss <= this.limits.maxBytes) break;
      void this.close(oldest, "the warm cap needed room for a more recent session");
    }
    const until = Date.now() + this.limits.idleMs;
    const timer = setTimeout(() => void this.close(sessionId, "its idle window ended"), this.limits.idleMs);
    timer.unref();
    this.idle.set(sessionId, { process, parkedAt: Date.now(), until, timer });
    // A process that dies while parked leaves at once.
    void process.exit.then(() => {
      if (this.idle.get(sessionId)?.process === process) {
        clearTimeout(this.idle.get(sessionId)!.timer);
        this.idle.delete(sessionId);
        this.events.left(process, "it exited while idle");
      }
    });
    this.events.parked(process, until);
    return true;
  }

  /** Closes the session's parked process, if any (cleanly). */
  async close(sessionId: string, why: string): Promise<void> {
    const parked = this.idle.get(sessionId);
    if (!parked) return;
    this.idle.delete(sessionId);
    clearTimeout(parked.timer);
    await this.closeProcess(parked.process, why);
  }

  async closeAll(why: string): Promise<void> {
    await Promise.all(this.sessions().map((sessionId) => this.close(sessionId, why)));
  }

  /** Resident memory of the parked processes together (bytes). */
  memory(): number {
    let total = 0;
    for (const { process } of this.idle.values()) total += process.rssBytes() ?? 0;
    return total;
  }

  private async closeProcess(process: WarmProcess, why: string): Promise<void> {
    this.events.left(process, why);
    await process.close().catch(() => {});
  }
}
