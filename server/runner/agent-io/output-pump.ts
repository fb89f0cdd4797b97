// Reads one pipe of a child process at the pace of its consumer: chunks
// become items (lines, text), handed over one at a time. Nothing more is read
// while the consumer is paused or an async handler is busy, so the OS pipe
// fills and the child blocks on write: memory stays flat however fast it
// prints. Used for an agent's stdout and stderr (agent-process.ts).

export class OutputPump<T> {
  private handler: ((item: T) => void | Promise<void>) | null = null;
  private queue: T[] = [];
  private head = 0;
  private paused = false;
  private busy = false;
  private ended = false;
  private settled = false;
  private resolveDone!: () => void;
  readonly done = new Promise<void>((resolve) => {
    this.resolveDone = resolve;
  });

  constructor(
    private readonly stream: NodeJS.ReadableStream,
    private readonly split: (chunk: Buffer) => T[],
    private readonly flush: () => T[],
    private readonly onHandlerError: (error: unknown) => void,
  ) {
    // Start paused: nothing is read until a handler is there to take it.
    stream.pause();
    stream.on("data", (chunk: Buffer) => {
      this.enqueue(this.split(chunk));
    });
    stream.on("end", () => {
      this.enqueue(this.flush());
      this.ended = true;
      this.deliver();
    });
    // A destroyed pipe ends the output as well.
    stream.on("close", () => {
      if (!this.ended) {
        this.ended = true;
        this.deliver();
      }
    });
    stream.on("error", () => {
      /* surfaced through the process exit; 'close' follows */
    });
  }

  setHandler(handler: (item: T) => void | Promise<void>): void {
    this.handler = handler;
    this.deliver();
  }

  ensureHandler(): void {
    if (!this.handler) this.setHandler(() => {});
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.deliver();
  }

  /** The process never started: there is no output to wait for. */
  abandon(): void {
    this.ended = true;
    this.queue = [];
    this.head = 0;
    this.finish();
  }

  private enqueue(items: T[]): void {
    for (const item of items) this.queue.push(item);
    this.deliver();
  }

  private deliver(): void {
    while (this.handler && !this.paused && !this.busy && this.head < this.queue.length) {
      const item = this.queue[this.head++];
      let returned: void | Promise<void>;
      try {
        returned = this.handler(item);
      } catch (error) {
        this.onHandlerError(error);
        continue;
      }
      if (returned && typeof (returned as Promise<void>).then === "function") {
        this.busy = true;
        (returned as Promise<void>).then(
          () => this.afterAsync(),
          (error: unknown) => {
            this.onHandlerError(error);
            this.afterAsync();
          },
        );
      }
    }
    if (this.head >= this.queue.length) {
      this.queue = [];
      this.head = 0;
    }
    const drained = this.queue.length === 0 && !this.busy;
    if (drained && this.ended) {
      this.finish();
      return;
    }
    // Read more only when everything read so far has been handed over.
    if (drained && this.handler && !this.paused) this.stream.resume();
    else this.stream.pause();
  }

  private afterAsync(): void {
    this.busy = false;
    this.deliver();
  }

  private finish(): void {
    if (this.settled) return;
    this.settled = true;
    this.resolveDone();
  }
}
