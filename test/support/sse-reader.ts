import { SseParser, type SseEvent } from "@/cli/sse/parser";

// Reads a route's Server-Sent Events one at a time, with the CLI's parser.

export type SseMessage = { id: string; event: string; data: string };

export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private readonly pending: SseEvent[] = [];
  private readonly parser = new SseParser((event) => this.pending.push(event));
  done = false;

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  /** The next event (comments and retry-only frames skipped), or null at the end of the stream. */
  async next(): Promise<SseMessage | null> {
    for (;;) {
      const event = this.pending.shift();
      if (event) return { id: event.id, event: event.type, data: event.data };
      if (this.done) return null;
      const chunk = await this.reader.read();
      if (chunk.done) {
        this.done = true;
        this.parser.feed(this.decoder.decode());
        this.parser.end();
        continue;
      }
      this.parser.feed(this.decoder.decode(chunk.value, { stream: true }));
    }
  }

  async cancel(): Promise<void> {
    await this.reader.cancel().catch(() => {});
  }
}
