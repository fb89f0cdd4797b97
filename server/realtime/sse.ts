// Server-Sent Events, written once: the wire format, the keepalive comment,
// closing when the client goes away, and running every cleanup exactly once
// however the stream ends (client abort, cancel, or the producer closing it).

const encoder = new TextEncoder();

/** One event on the wire: `id:`, `event:`, one `data:` line (JSON), blank line. */
export function formatSseEvent(event: string, data: unknown, id?: number | string): string {
  return `${id !== undefined ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export type SseChannel = {
  /** Sends one event (ignored once closed). */
  send: (event: string, data: unknown, id?: number | string) => void;
  /** Ends the stream and runs the cleanups. Safe to call more than once. */
  close: () => void;
  /** Runs `fn` when the stream ends, however it ends. */
  onClose: (fn: () => void) => void;
  readonly closed: boolean;
};

export function sseStream({
  signal,
  retryMs,
  keepaliveMs = 15_000,
  start,
}: {
  /** The request's signal: the stream closes when the client goes away. */
  signal: AbortSignal;
  /** The reconnection delay the client should use. */
  retryMs: number;
  keepaliveMs?: number;
  /** Subscribes and starts producing; may close the channel whenever it is done. */
  start: (sse: SseChannel) => void | Promise<void>;
}): ReadableStream<Uint8Array> {
  let closed = false;
  const cleanups: (() => void)[] = [];
  const runCleanups = () => {
    for (const fn of cleanups.splice(0)) {
      try {
        fn();
      } catch {
        // one failing cleanup must not keep the others from running
      }
    }
  };

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const channel: SseChannel = {
        send: (event, data, id) => write(formatSseEvent(event, data, id)),
        close: () => {
          if (closed) return;
          closed = true;
          runCleanups();
          try {
            controller.close();
          } catch {
            // the client already went away
          }
        },
        onClose: (fn) => {
          if (closed) fn();
          else cleanups.push(fn);
        },
        get closed() {
          return closed;
        },
      };
      const keepalive = setInterval(() => write(`: keepalive\n\n`), keepaliveMs);
      channel.onClose(() => clearInterval(keepalive));
      signal.addEventListener("abort", channel.close, { once: true });
      channel.onClose(() => signal.removeEventListener("abort", channel.close));
      if (signal.aborted) channel.close();
      write(`retry: ${retryMs}\n\n`);
      try {
        await start(channel);
      } catch (error) {
        closed = true;
        runCleanups();
        throw error;
      }
    },
    cancel() {
      closed = true;
      runCleanups();
    },
  });
}

/** The Response for an SSE stream, with headers that keep proxies from buffering or caching it. */
export function sseResponse(stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
