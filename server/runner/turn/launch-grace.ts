// While an agent is on its way to its first model request, the runner keeps
// its own work out of the way: on a small machine, storing the turn's first
// lines and the Session's bookkeeping (several round trips and a page
// refresh) would take the CPU from the agent just then (docs/performance.md).
// So that work waits for the agent's next line, which comes once it has sent
// its request, or for the grace below at most: from a warm process's message,
// and from the line that names the session.

/** How long that work waits at most (the agent sends its model request well within it: Claude Code, even cold, here). */
const AGENT_START_GRACE_MS = 250;

export class LaunchGrace {
  private waiting: (() => void)[] = [];

  /** Resolves at the agent's next line, or once the grace has passed. */
  untilNextLine(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      setTimeout(resolve, AGENT_START_GRACE_MS);
    });
  }

  /** The agent printed a line: what waited for it goes on. */
  lineCame(): void {
    for (const resolve of this.waiting) resolve();
    this.waiting = [];
  }

  /** Resolves once the grace has passed (a warm process has the message: it is on its way to the model already). */
  static elapsed(): Promise<void> {
    return new Promise<void>((resolve) => setTimeout(resolve, AGENT_START_GRACE_MS));
  }
}
