// Condition-based waiting for tests (never fixed sleeps).

/** Polls `probe` until it returns something other than undefined, null or false, and returns that. */
export async function waitFor<T>(probe: () => T | Promise<T>, what: string, timeoutMs = 30_000, intervalMs = 25): Promise<NonNullable<Exclude<T, false>>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value as NonNullable<Exclude<T, false>>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A promise with its resolve function, to release something a test holds. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
