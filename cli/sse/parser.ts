// The Server-Sent Events wire format, parsed.
//
// `SseParser` implements the WHATWG "event stream interpretation" rules
// (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
// lines end in CRLF, LF or CR (a CR at a chunk boundary is handled), a leading
// BOM is dropped, `:` lines are comments, `data:` lines accumulate joined by
// "\n", `id:` persists across events, `retry:` takes digits only, and an event
// that was not terminated by a blank line when the stream ends is discarded.
// Used by the CLI's client (connect.ts) and by the tests' stream reader.

export interface SseEvent {
  /** The `event:` field, "message" when absent. */
  type: string;
  data: string;
  /** The last event id in effect when this event was dispatched ("" when none). */
  id: string;
}

const BOM = "\uFEFF";

export class SseParser {
  /** Last event id seen in a dispatched block (persists across events, per spec). */
  lastEventId: string;
  /** Reconnection delay requested by the server via `retry:`, if any. */
  retry: number | undefined;

  private buffer = "";
  private sawFirstChunk = false;
  private skipLeadingLf = false;
  private data: string[] = [];
  private hasData = false;
  private eventType = "";
  private idBuffer: string;

  constructor(
    private readonly onEvent: (event: SseEvent) => void,
    initialLastEventId = "",
  ) {
    this.lastEventId = initialLastEventId;
    this.idBuffer = initialLastEventId;
  }

  /** Feed decoded text; complete lines are interpreted immediately. */
  feed(chunk: string): void {
    if (chunk.length === 0) return;
    if (!this.sawFirstChunk) {
      this.sawFirstChunk = true;
      if (chunk.startsWith(BOM)) chunk = chunk.slice(1);
    }
    if (this.skipLeadingLf) {
      this.skipLeadingLf = false;
      if (chunk.startsWith("\n")) chunk = chunk.slice(1);
    }
    this.buffer += chunk;

    let start = 0;
    const buf = this.buffer;
    for (let i = 0; i < buf.length; i++) {
      const c = buf.charCodeAt(i);
      if (c !== 10 /* \n */ && c !== 13 /* \r */) continue;
      this.processLine(buf.slice(start, i));
      if (c === 13) {
        if (i + 1 < buf.length) {
          if (buf.charCodeAt(i + 1) === 10) i++;
        } else {
          // CR is the last char we have: a following LF belongs to this line end.
          this.skipLeadingLf = true;
        }
      }
      start = i + 1;
    }
    this.buffer = buf.slice(start);
  }

  /** The stream ended: a pending, unterminated event is discarded (per spec). */
  end(): void {
    this.buffer = "";
    this.data = [];
    this.hasData = false;
    this.eventType = "";
    this.idBuffer = this.lastEventId;
    this.skipLeadingLf = false;
  }

  private processLine(line: string): void {
    if (line.length === 0) {
      this.dispatch();
      return;
    }
    if (line.startsWith(":")) return; // comment / keep-alive
    const colon = line.indexOf(":");
    let field: string;
    let value: string;
    if (colon === -1) {
      field = line;
      value = "";
    } else {
      field = line.slice(0, colon);
      value = line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
    }
    switch (field) {
      case "event":
        this.eventType = value;
        break;
      case "data":
        this.data.push(value);
        this.hasData = true;
        break;
      case "id":
        if (!value.includes("\0")) this.idBuffer = value;
        break;
      case "retry":
        if (/^\d+$/.test(value)) this.retry = Number.parseInt(value, 10);
        break;
      default:
        break; // unknown fields are ignored
    }
  }

  private dispatch(): void {
    this.lastEventId = this.idBuffer;
    if (!this.hasData) {
      this.eventType = "";
      return;
    }
    const event: SseEvent = {
      type: this.eventType || "message",
      data: this.data.join("\n"),
      id: this.lastEventId,
    };
    this.data = [];
    this.hasData = false;
    this.eventType = "";
    this.onEvent(event);
  }
}
