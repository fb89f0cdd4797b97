// A Server-Sent Events client over fetch.
//
// `sseEvents` connects, yields parsed events (see parser.ts), and reconnects
// whenever the stream ends or drops, sending `Last-Event-ID` so the server
// resumes exactly after the last complete event. The consumer decides when
// the stream is over (by breaking out of its `for await`).

import { SseParser, type SseEvent } from "./parser";

export class SseConnectionError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = "SseConnectionError";
  }
}

export interface SseOptions {
  url: string;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /** Resume after this event id on the first connection too. */
  lastEventId?: string;
  /** Base reconnection delay (overridden by the server's `retry:`). Default 1000 ms. */
  retryDelayMs?: number;
  /** Upper bound for the exponential backoff. Default 15 s. */
  maxRetryDelayMs?: number;
  /** Consecutive failed reconnections (no event received) before giving up. Default 10. */
  maxRetries?: number;
  signal?: AbortSignal;
  /**
   * A connection that delivers no bytes for this long (not even a keep-alive
   * comment) is presumed dead and replaced. Default 60 s; 0 disables.
   */
  idleTimeoutMs?: number;
  /** Turns a non-2xx response into the error to throw (4xx are not retried). */
  errorForResponse?: (res: Response) => Promise<Error>;
  /** Called before each reconnection attempt. `failures` counts consecutive attempts without progress. */
  onReconnect?: (info: { failures: number; lastEventId: string; delayMs: number; error?: unknown }) => void;
  /** Injected for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

async function defaultErrorForResponse(res: Response): Promise<Error> {
  await res.body?.cancel().catch(() => {});
  return new SseConnectionError(`event stream request failed: HTTP ${res.status} ${res.statusText}`.trim());
}

/**
 * Yields events from an SSE endpoint forever, reconnecting with
 * `Last-Event-ID` when the connection ends or drops. Returns when `signal`
 * aborts or the server answers 204 (the spec's "stop reconnecting").
 * Throws on a 4xx answer, a non-event-stream answer, or after `maxRetries`
 * consecutive reconnections that yielded nothing.
 */
export async function* sseEvents(opts: SseOptions): AsyncGenerator<SseEvent, void, undefined> {
  const fetchImpl = opts.fetch ?? fetch;
  const sleep = opts.sleep ?? defaultSleep;
  const maxRetries = opts.maxRetries ?? 10;
  const maxDelay = opts.maxRetryDelayMs ?? 15_000;
  const errorForResponse = opts.errorForResponse ?? defaultErrorForResponse;
  const idleTimeoutMs = opts.idleTimeoutMs ?? 60_000;
  let baseDelay = opts.retryDelayMs ?? 1000;
  let lastEventId = opts.lastEventId ?? "";
  let failures = 0;

  const internal = new AbortController();
  const onOuterAbort = () => internal.abort();
  opts.signal?.addEventListener("abort", onOuterAbort, { once: true });
  if (opts.signal?.aborted) internal.abort();
  const signal = internal.signal;

  async function backoff(error?: unknown): Promise<void> {
    failures++;
    if (failures > maxRetries) {
      const why = error instanceof Error ? `: ${error.message}` : "";
      throw new SseConnectionError(`lost the event stream after ${maxRetries} reconnection attempts${why}`, error);
    }
    const delayMs = failures === 1 ? Math.min(baseDelay, maxDelay) : Math.min(baseDelay * 2 ** (failures - 1), maxDelay);
    opts.onReconnect?.({ failures, lastEventId, delayMs, error });
    await sleep(delayMs, signal);
  }

  try {
    while (!signal.aborted) {
      const headers: Record<string, string> = {
        ...opts.headers,
        Accept: "text/event-stream",
        "Cache-Control": "no-cache",
      };
      if (lastEventId !== "") headers["Last-Event-ID"] = lastEventId;

      // One controller per connection, so an idle connection can be dropped on its own.
      const conn = new AbortController();
      const onAbort = () => conn.abort();
      signal.addEventListener("abort", onAbort, { once: true });
      let idleTimer: ReturnType<typeof setTimeout> | undefined;
      const armIdleTimer = () => {
        if (idleTimer) clearTimeout(idleTimer);
        if (idleTimeoutMs > 0) idleTimer = setTimeout(() => conn.abort(new SseConnectionError(`no data for ${idleTimeoutMs} ms`)), idleTimeoutMs);
      };
      const disarm = () => {
        if (idleTimer) clearTimeout(idleTimer);
        signal.removeEventListener("abort", onAbort);
      };

      let res: Response;
      try {
        armIdleTimer();
        res = await fetchImpl(opts.url, { headers, signal: conn.signal });
      } catch (err) {
        disarm();
        if (signal.aborted) return;
        await backoff(err);
        continue;
      }

      // From here on the response is consumed by this iteration; `finally` cleans up.
      try {
        if (res.status === 204) {
          await res.body?.cancel().catch(() => {});
          return;
        }
        if (!res.ok) {
          if (res.status >= 500) {
            await res.body?.cancel().catch(() => {});
            await backoff(new SseConnectionError(`HTTP ${res.status}`));
            continue;
          }
          throw await errorForResponse(res);
        }
        const contentType = res.headers.get("content-type") ?? "";
        if (!contentType.toLowerCase().startsWith("text/event-stream")) {
          await res.body?.cancel().catch(() => {});
          throw new SseConnectionError(`expected an event stream from ${opts.url}, got "${contentType || "no content type"}"`);
        }
        if (!res.body) {
          await backoff(new SseConnectionError("empty response body"));
          continue;
        }

        const pending: SseEvent[] = [];
        const parser = new SseParser((e) => pending.push(e), lastEventId);
        const decoder = new TextDecoder("utf-8");
        const reader = res.body.getReader();
        let streamError: unknown;
        try {
          for (;;) {
            let chunk: ReadableStreamReadResult<Uint8Array>;
            try {
              chunk = await reader.read();
            } catch (err) {
              streamError = err;
              break;
            }
            if (chunk.done) {
              parser.feed(decoder.decode());
              break;
            }
            armIdleTimer();
            parser.feed(decoder.decode(chunk.value, { stream: true }));
            if (parser.retry !== undefined) baseDelay = parser.retry;
            while (pending.length > 0) {
              const event = pending.shift()!;
              lastEventId = event.id;
              failures = 0;
              yield event;
            }
            // An id-only block moves the resume point without yielding.
            lastEventId = parser.lastEventId;
          }
        } finally {
          // Dropping the rest of the body (if any): cancel so the socket is released.
          await reader.cancel().catch(() => {});
        }
        disarm();
        parser.end();
        if (signal.aborted) return;
        // The connection ended (cleanly or not) without the consumer stopping: resume.
        await backoff(streamError);
      } finally {
        disarm();
      }
    }
  } finally {
    opts.signal?.removeEventListener("abort", onOuterAbort);
    internal.abort();
  }
}
