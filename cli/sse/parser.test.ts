import { SseParser, type SseEvent } from "./parser";

function parseAll(chunks: string[], initialId = ""): { events: SseEvent[]; parser: SseParser } {
  const events: SseEvent[] = [];
  const parser = new SseParser((e) => events.push(e), initialId);
  for (const c of chunks) parser.feed(c);
  return { events, parser };
}

/** Every way of cutting `text` into two chunks, plus one char at a time. */
function splits(text: string): string[][] {
  const out: string[][] = [[text], Array.from(text)];
  for (let i = 1; i < text.length; i++) out.push([text.slice(0, i), text.slice(i)]);
  return out;
}

describe("SseParser", () => {
  const stream =
    ": keep-alive comment\n" +
    'id: 1\nevent: entry\ndata: {"seq":1}\n\n' +
    "id: 2\r\nevent: status\r\ndata: line one\r\ndata: line two\r\n\r\n" +
    "id: 3\revent: end\rdata:no-space\r\r";

  it("parses events with ids, types, multi-line data, comments and all line endings", () => {
    const { events, parser } = parseAll([stream]);
    expect(events).toEqual([
      { type: "entry", data: '{"seq":1}', id: "1" },
      { type: "status", data: "line one\nline two", id: "2" },
      { type: "end", data: "no-space", id: "3" },
    ]);
    expect(parser.lastEventId).toBe("3");
  });

  it("gives the same result however the stream is split into chunks", () => {
    const expected = parseAll([stream]).events;
    for (const chunks of splits(stream)) {
      expect(parseAll(chunks).events).toEqual(expected);
    }
  });

  it("does not turn a CRLF split across chunks into an extra blank line", () => {
    const { events } = parseAll(["data: a\r", "\ndata: b\r", "\n\r", "\n"]);
    expect(events).toEqual([{ type: "message", data: "a\nb", id: "" }]);
  });

  it("defaults the type to message, strips one leading space only, keeps empty data lines", () => {
    const { events } = parseAll(["data:  two spaces\ndata\ndata:\n\n"]);
    expect(events).toEqual([{ type: "message", data: " two spaces\n\n", id: "" }]);
  });

  it("drops a leading BOM once", () => {
    const { events } = parseAll(["\uFEFFdata: x\n\n", "\uFEFFdata: y\n\n"]);
    expect(events.map((e) => e.data)).toEqual(["x"]); // the second BOM makes an unknown field, ignored
  });

  it("keeps the last event id across events without an id field", () => {
    const { events } = parseAll(["id: 7\ndata: a\n\ndata: b\n\n"]);
    expect(events.map((e) => e.id)).toEqual(["7", "7"]);
  });

  it("updates the last event id from an id-only block without dispatching", () => {
    const { events, parser } = parseAll(["id: 9\n\n"]);
    expect(events).toEqual([]);
    expect(parser.lastEventId).toBe("9");
  });

  it("ignores ids containing NUL, unknown fields and non-numeric retry", () => {
    const { events, parser } = parseAll(["id: 4\n\nid: a\0b\nfoo: bar\nretry: 1x\ndata: z\n\n"]);
    expect(events).toEqual([{ type: "message", data: "z", id: "4" }]);
    expect(parser.retry).toBeUndefined();
  });

  it("reads retry", () => {
    const { parser } = parseAll(["retry: 250\n\n"]);
    expect(parser.retry).toBe(250);
  });

  it("discards an unterminated event at end of stream", () => {
    const { events, parser } = parseAll(["id: 1\ndata: a\n\nid: 2\ndata: partial"]);
    parser.end();
    expect(events.map((e) => e.data)).toEqual(["a"]);
    expect(parser.lastEventId).toBe("1");
  });

  it("does not reset the event type between data lines of one event", () => {
    const { events } = parseAll(["event: a\ndata: 1\n\ndata: 2\n\n"]);
    expect(events.map((e) => e.type)).toEqual(["a", "message"]);
  });
});

// ---- sseEvents over a fake fetch ----------------------------------------
