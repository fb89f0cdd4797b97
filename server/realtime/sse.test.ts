import { formatSseEvent, sseResponse, sseStream, type SseChannel } from "@/server/realtime/sse";

const decoder = new TextDecoder();

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = "";
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk);
  return text;
}

describe("formatSseEvent", () => {
  it("writes id, event and one JSON data line", () => {
    expect(formatSseEvent("entry", { a: "x\ny" }, 7)).toBe('id: 7\nevent: entry\ndata: {"a":"x\\ny"}\n\n');
    expect(formatSseEvent("ready", {})).toBe("event: ready\ndata: {}\n\n");
  });
});

describe("sseStream", () => {
  it("sends the retry line, then what start sends, and ends when start closes it; cleanups run once", async () => {
    const cleanup = jest.fn();
    const stream = sseStream({
      signal: new AbortController().signal,
      retryMs: 1500,
      start(sse) {
        sse.onClose(cleanup);
        sse.send("status", { ok: true }, 3);
        sse.close();
        sse.close();
        sse.send("late", {});
      },
    });
    expect(await readAll(stream)).toBe('retry: 1500\n\nid: 3\nevent: status\ndata: {"ok":true}\n\n');
    expect(cleanup).toHaveBeenCalledTimes(1);
  });

  it("closes and cleans up when the client aborts, and sends keepalives meanwhile", async () => {
    jest.useFakeTimers();
    try {
      const abort = new AbortController();
      const cleanup = jest.fn();
      let channel!: SseChannel;
      const stream = sseStream({
        signal: abort.signal,
        retryMs: 10,
        keepaliveMs: 1000,
        start(sse) {
          channel = sse;
          sse.onClose(cleanup);
        },
      });
      const text = readAll(stream);
      await Promise.resolve();
      jest.advanceTimersByTime(2500);
      abort.abort();
      expect(await text).toBe("retry: 10\n\n: keepalive\n\n: keepalive\n\n");
      expect(cleanup).toHaveBeenCalledTimes(1);
      expect(channel.closed).toBe(true);
      // No timer left behind.
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it("runs cleanups when the reader cancels, and at once for ones added after the end", async () => {
    const cleanup = jest.fn();
    let channel!: SseChannel;
    const stream = sseStream({
      signal: new AbortController().signal,
      retryMs: 10,
      start(sse) {
        channel = sse;
        sse.onClose(cleanup);
      },
    });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    expect(cleanup).toHaveBeenCalledTimes(1);
    const late = jest.fn();
    channel.onClose(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it("an already aborted request gets a closed channel", async () => {
    const abort = new AbortController();
    abort.abort();
    const unsubscribe = jest.fn();
    const stream = sseStream({ signal: abort.signal, retryMs: 10, start: (sse) => sse.onClose(unsubscribe) });
    expect(await readAll(stream)).toBe("");
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });
});

describe("sseResponse", () => {
  it("sets the event-stream headers", () => {
    const response = sseResponse(new ReadableStream());
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
  });
});
