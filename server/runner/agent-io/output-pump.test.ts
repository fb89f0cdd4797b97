import { PassThrough } from "node:stream";
import { OutputPump } from "@/server/runner/agent-io/output-pump";

// The pump on a plain in-memory stream: items are split from chunks, handed
// over one at a time, and reading stops while the consumer is behind.

const splitWords = (chunk: Buffer) => chunk.toString("utf8").split(" ").filter(Boolean);

function pumpOf(stream: PassThrough, errors: unknown[] = []) {
  return new OutputPump<string>(
    stream,
    splitWords,
    () => ["<end>"],
    (error) => errors.push(error),
  );
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("OutputPump", () => {
  it("reads nothing before a handler is set, then hands over every item and the flush in order", async () => {
    const stream = new PassThrough();
    const pump = pumpOf(stream);
    stream.write("a b ");
    await tick();
    expect(stream.isPaused()).toBe(true);
    const seen: string[] = [];
    pump.setHandler((item) => void seen.push(item));
    stream.end("c");
    await pump.done;
    expect(seen).toEqual(["a", "b", "c", "<end>"]);
  });

  it("waits for an async handler before the next item, and stops reading meanwhile", async () => {
    const stream = new PassThrough();
    const pump = pumpOf(stream);
    const seen: string[] = [];
    let release!: () => void;
    pump.setHandler((item) => {
      seen.push(item);
      if (item === "one") return new Promise<void>((resolve) => (release = resolve));
    });
    stream.write("one two ");
    await tick();
    expect(seen).toEqual(["one"]);
    expect(stream.isPaused()).toBe(true);
    release();
    stream.end();
    await pump.done;
    expect(seen).toEqual(["one", "two", "<end>"]);
  });

  it("holds items while paused and loses none", async () => {
    const stream = new PassThrough();
    const pump = pumpOf(stream);
    const seen: string[] = [];
    pump.setHandler((item) => void seen.push(item));
    pump.setPaused(true);
    stream.write("x y ");
    await tick();
    expect(seen).toEqual([]);
    pump.setPaused(false);
    stream.end("z");
    await pump.done;
    expect(seen).toEqual(["x", "y", "z", "<end>"]);
  });

  it("reports a failing handler and keeps delivering", async () => {
    const stream = new PassThrough();
    const errors: unknown[] = [];
    const pump = pumpOf(stream, errors);
    const seen: string[] = [];
    pump.setHandler((item) => {
      if (item === "bad") throw new Error("handler bug");
      seen.push(item);
    });
    stream.end("ok bad fine");
    await pump.done;
    expect(seen).toEqual(["ok", "fine", "<end>"]);
    expect(errors).toEqual([new Error("handler bug")]);
  });

  it("ends when the stream is destroyed, and at once when abandoned", async () => {
    const destroyed = new PassThrough();
    const pump = pumpOf(destroyed);
    pump.ensureHandler();
    destroyed.destroy();
    await pump.done;

    const never = pumpOf(new PassThrough());
    never.abandon();
    await never.done;
  });
});
