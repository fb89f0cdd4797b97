import { monoNowMs } from "@/bench/lib/stats";
import { SseReader } from "@/test/support/sse-reader";

// A client of `/api/executions/stream`, the status stream every open page of
// Arbor keeps: records when it first sees each execution with its session id,
// and when it sees it end, on CLOCK_MONOTONIC.

type Seen = {
  sessionAt?: number;
  sessionId?: string;
  endedAt?: number;
  status?: string;
  pid?: number | null;
  /** The approval it first waited for, and when the stream first said so. */
  waiting?: { at: number; approvalId: string };
  dto?: Record<string, unknown>;
};

const TERMINAL = new Set(["completed", "failed", "cancelled", "interrupted"]);

export type StatusWatch = {
  /** Resolves with the time the stream first carried the execution's session id. */
  sessionSeen(id: string, timeoutMs?: number): Promise<{ at: number; sessionId: string }>;
  /** Resolves once the stream says the execution waits for a person's decision (its first approval). */
  waitingSeen(id: string, timeoutMs?: number): Promise<{ at: number; approvalId: string }>;
  /** Resolves with the last DTO once the stream carried a terminal status. */
  ended(id: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  close(): Promise<void>;
};

export async function watchStatuses(url: string): Promise<StatusWatch> {
  const seen = new Map<string, Seen>();
  const waiters = new Set<() => void>();
  const abort = new AbortController();
  const response = await fetch(`${url}/api/executions/stream`, { signal: abort.signal, headers: { accept: "text/event-stream" } });
  if (!response.ok || !response.body) throw new Error(`status stream answered ${response.status}`);
  const reader = new SseReader(response.body);
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const loop = (async () => {
    for (;;) {
      const message = await reader.next().catch(() => null);
      if (!message) return;
      const at = monoNowMs();
      if (message.event === "ready") ready();
      if (message.event !== "status") continue;
      const dto = JSON.parse(message.data) as { id: string; status: string; sessionId: string | null; waitingFor?: { approvalId: string } | null };
      const entry = seen.get(dto.id) ?? {};
      if (dto.waitingFor && entry.waiting === undefined) entry.waiting = { at, approvalId: dto.waitingFor.approvalId };
      if (dto.sessionId && entry.sessionAt === undefined) Object.assign(entry, { sessionAt: at, sessionId: dto.sessionId });
      if (TERMINAL.has(dto.status) && entry.endedAt === undefined) Object.assign(entry, { endedAt: at, status: dto.status });
      entry.dto = dto;
      seen.set(dto.id, entry);
      for (const wake of [...waiters]) wake();
    }
  })();
  await isReady;

  const until = <T>(pick: () => T | undefined, what: string, timeoutMs: number): Promise<T> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const value = pick();
        if (value === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`status stream: no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  return {
    sessionSeen: (id, timeoutMs = 60_000) =>
      until(
        () => {
          const entry = seen.get(id);
          return entry?.sessionAt !== undefined ? { at: entry.sessionAt, sessionId: entry.sessionId! } : undefined;
        },
        `session id for ${id}`,
        timeoutMs,
      ),
    waitingSeen: (id, timeoutMs = 60_000) => until(() => seen.get(id)?.waiting, `a decision asked for by ${id}`, timeoutMs),
    ended: (id, timeoutMs = 120_000) => until(() => (seen.get(id)?.endedAt !== undefined ? seen.get(id)!.dto! : undefined), `end of ${id}`, timeoutMs),
    async close() {
      abort.abort();
      await reader.cancel();
      await loop.catch(() => {});
    },
  };
}
