import { SseConnectionError, sseEvents } from "./connect";
import type { SseEvent } from "./parser";

type Script = (req: { headers: Record<string, string> }) => Response | Promise<Response>;

function streamResponse(chunks: string[], opts: { errorAtEnd?: boolean; status?: number; contentType?: string } = {}): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]!));
      else if (opts.errorAtEnd) controller.error(new TypeError("terminated"));
      else controller.close();
    },
  });
  return new Response(body, {
    status: opts.status ?? 200,
    headers: { "content-type": opts.contentType ?? "text/event-stream" },
  });
}

function fakeFetch(scripts: Script[]) {
  const calls: Record<string, string>[] = [];
  const impl = (async (_url: string, init?: RequestInit) => {
    const headers = { ...(init?.headers as Record<string, string>) };
    calls.push(headers);
    const script = scripts[calls.length - 1];
    if (!script) throw new TypeError("fetch failed");
    return script({ headers });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

const noSleep = async () => {};

async function collect(gen: AsyncGenerator<SseEvent>, until: (e: SseEvent) => boolean): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const e of gen) {
    out.push(e);
    if (until(e)) break;
  }
  return out;
}

describe("sseEvents", () => {
  it("reconnects after a dropped connection with Last-Event-ID and yields no gaps or repeats", async () => {
    const { impl, calls } = fakeFetch([
      // drops in the middle of event 3
      () => streamResponse(["id: 1\nevent: entry\ndata: a\n\n", "id: 2\nevent: entry\ndata: b\n\nid: 3\nevent: en"], { errorAtEnd: true }),
      // the server resumes after 2
      ({ headers }) =>
        headers["Last-Event-ID"] === "2"
          ? streamResponse(["id: 3\nevent: entry\ndata: c\n\nid: 4\nevent: end\ndata: done\n\n"])
          : new Response("bad resume", { status: 400 }),
    ]);
    const events = await collect(
      sseEvents({ url: "http://x/events", fetch: impl, sleep: noSleep, headers: { Authorization: "Bearer t" } }),
      (e) => e.type === "end",
    );
    expect(events.map((e) => `${e.id}:${e.type}:${e.data}`)).toEqual(["1:entry:a", "2:entry:b", "3:entry:c", "4:end:done"]);
    expect(calls).toHaveLength(2);
    expect(calls[0]!["Last-Event-ID"]).toBeUndefined();
    expect(calls[0]!.Accept).toBe("text/event-stream");
    expect(calls[0]!.Authorization).toBe("Bearer t");
    expect(calls[1]!["Last-Event-ID"]).toBe("2");
  });

  it("also resumes after a clean close, honoring the server's retry delay", async () => {
    const delays: number[] = [];
    const { impl, calls } = fakeFetch([() => streamResponse(["retry: 42\nid: 5\ndata: a\n\n"]), () => streamResponse(["id: 6\ndata: b\n\n"])]);
    const events = await collect(sseEvents({ url: "u", fetch: impl, sleep: async (ms) => void delays.push(ms) }), (e) => e.id === "6");
    expect(events.map((e) => e.data)).toEqual(["a", "b"]);
    expect(calls[1]!["Last-Event-ID"]).toBe("5");
    expect(delays).toEqual([42]);
  });

  it("starts from a given lastEventId", async () => {
    const { impl, calls } = fakeFetch([() => streamResponse(["id: 11\ndata: x\n\n"])]);
    await collect(sseEvents({ url: "u", fetch: impl, sleep: noSleep, lastEventId: "10" }), () => true);
    expect(calls[0]!["Last-Event-ID"]).toBe("10");
  });

  it("retries failed connections with backoff, then gives up", async () => {
    const delays: number[] = [];
    const { impl, calls } = fakeFetch([]); // every call throws
    const gen = sseEvents({ url: "u", fetch: impl, maxRetries: 3, retryDelayMs: 100, sleep: async (ms) => void delays.push(ms) });
    await expect(collect(gen, () => true)).rejects.toBeInstanceOf(SseConnectionError);
    expect(calls).toHaveLength(4);
    expect(delays).toEqual([100, 200, 400]);
  });

  it("resets the failure budget once events flow again", async () => {
    const { impl } = fakeFetch([
      () => Promise.reject(new TypeError("fetch failed")),
      () => streamResponse(["id: 1\ndata: a\n\n"]),
      () => Promise.reject(new TypeError("fetch failed")),
      () => streamResponse(["id: 2\ndata: b\n\n"]),
    ]);
    const events = await collect(sseEvents({ url: "u", fetch: impl, maxRetries: 2, sleep: noSleep }), (e) => e.id === "2");
    expect(events.map((e) => e.data)).toEqual(["a", "b"]);
  });

  it("throws the mapped error for a 4xx answer without retrying", async () => {
    const { impl, calls } = fakeFetch([() => new Response('{"error":{"message":"no such execution"}}', { status: 404 })]);
    const gen = sseEvents({
      url: "u",
      fetch: impl,
      sleep: noSleep,
      errorForResponse: async (res) => new Error(`mapped ${res.status}`),
    });
    await expect(collect(gen, () => true)).rejects.toThrow("mapped 404");
    expect(calls).toHaveLength(1);
  });

  it("retries a 5xx answer", async () => {
    const { impl, calls } = fakeFetch([() => new Response("oops", { status: 503 }), () => streamResponse(["data: ok\n\n"])]);
    const events = await collect(sseEvents({ url: "u", fetch: impl, sleep: noSleep }), () => true);
    expect(events[0]!.data).toBe("ok");
    expect(calls).toHaveLength(2);
  });

  it("rejects a response that is not an event stream", async () => {
    const { impl } = fakeFetch([() => streamResponse(["<html>"], { contentType: "text/html" })]);
    await expect(collect(sseEvents({ url: "u", fetch: impl, sleep: noSleep }), () => true)).rejects.toThrow(/expected an event stream/);
  });

  it("stops on 204 No Content", async () => {
    const { impl } = fakeFetch([() => new Response(null, { status: 204 })]);
    expect(await collect(sseEvents({ url: "u", fetch: impl, sleep: noSleep }), () => false)).toEqual([]);
  });

  it("replaces a connection that goes silent (no bytes, not even keep-alives)", async () => {
    const calls: Record<string, string>[] = [];
    const impl = (async (_url: string, init: RequestInit) => {
      calls.push({ ...(init.headers as Record<string, string>) });
      const first = calls.length === 1;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(first ? "id: 1\ndata: a\n\n" : "id: 2\ndata: b\n\n"));
          // Like fetch: aborting the request errors the body. The first connection then hangs.
          init.signal?.addEventListener("abort", () => controller.error(init.signal!.reason));
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    }) as unknown as typeof fetch;
    const events = await collect(sseEvents({ url: "u", fetch: impl, sleep: noSleep, idleTimeoutMs: 30 }), (e) => e.id === "2");
    expect(events.map((e) => e.data)).toEqual(["a", "b"]);
    expect(calls[1]!["Last-Event-ID"]).toBe("1");
  });

  it("stops when the signal aborts", async () => {
    const controller = new AbortController();
    const { impl } = fakeFetch([() => streamResponse(["data: a\n\n"]), () => streamResponse(["data: b\n\n"])]);
    const out: string[] = [];
    for await (const e of sseEvents({ url: "u", fetch: impl, sleep: noSleep, signal: controller.signal })) {
      out.push(e.data);
      controller.abort();
    }
    expect(out).toEqual(["a"]);
  });
});
