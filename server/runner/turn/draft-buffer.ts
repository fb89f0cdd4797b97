// The assistant's text as it is written (Claude's partial messages) arrives a
// few characters a line; stored one event per piece it would be hundreds of
// rows for one answer, each read by every open page. Pieces are joined here
// and stored as one `text_draft` event per interval, or at once when any
// other line comes (the complete message, a tool call), so order is kept.

const DRAFT_INTERVAL_MS = 80;

export class DraftBuffer {
  private text = "";
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: (text: string) => void,
    private readonly intervalMs = DRAFT_INTERVAL_MS,
  ) {}

  add(piece: string): void {
    this.text += piece;
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  /** Stores what has been gathered (before any other line is stored, and at the end). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.text === "") return;
    const text = this.text;
    this.text = "";
    this.store(text);
  }
}
