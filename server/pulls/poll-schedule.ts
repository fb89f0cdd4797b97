// When to read a pull request from the forge again: 30 s after it changed,
// doubling while nothing changes up to 15 min; after a failed read, 30 s
// doubling per failure up to 15 min; never again once it is closed or merged
// (a webhook or a person's read still refreshes it). Pure.

export const POLL_MIN_MS = 30_000;
export const POLL_MAX_MS = 15 * 60_000;

export function nextPollAt(input: {
  now: Date;
  state: string;
  /** The read worked and something (state, head, CI, comments, reviews) differs from before. */
  changed: boolean;
  /** The interval that led to this poll (nextPollAt − lastPolledAt before it), if any. */
  previousIntervalMs: number | null;
  /** Consecutive failed reads, this one included (0: it worked). */
  failures: number;
}): Date | null {
  if (input.failures > 0) return new Date(input.now.getTime() + Math.min(POLL_MAX_MS, POLL_MIN_MS * 2 ** Math.min(input.failures - 1, 20)));
  if (input.state !== "open") return null;
  const interval = input.changed || !input.previousIntervalMs ? POLL_MIN_MS : Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, input.previousIntervalMs * 2));
  return new Date(input.now.getTime() + interval);
}
