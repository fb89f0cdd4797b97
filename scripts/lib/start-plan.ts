import http from "node:http";
import type { MigrationCheck } from "./pending-migrations";

// The decisions of `npm start`'s start-up order (scripts/start.ts), apart so
// their tests can fail. A warm start runs the web server beside PostgreSQL,
// closed to requests (scripts/lib/web-gate.cjs) until the schema is proven
// current; the runner and the agents' version probes wait until the web
// server answers, so the first page is not kept waiting behind them.

/** The database URL to start the web server with before the database is up, or undefined: it starts after the migrations, as on a first start. */
export function earlyWebUrl(options: { dev: boolean; buildCurrent: boolean; expectedUrl: string | undefined }): string | undefined {
  // A stale build is built first (it takes a minute anyway); `next dev` compiles on demand and is never raced.
  if (options.dev || !options.buildCurrent) return undefined;
  return options.expectedUrl;
}

/**
 * Once the database is up: "open" lets the early web server serve, on proof
 * that no migration is pending (and that it was given the right URL);
 * "migrate" applies the migrations first, with no web server running, and
 * starts it after (stopping the early one, if there is one).
 */
export function afterDatabase(early: string | undefined, url: string, check: MigrationCheck | null): "open" | "migrate" {
  if (early === undefined || early !== url || check === null) return "migrate";
  return check.pending.length === 0 ? "open" : "migrate";
}

/**
 * Resolves true once `url` answers an HTTP request at all (any status: with
 * ARBOR_TOKEN a 401 is an answer too), false after `timeoutMs` or once
 * `stopped()` says start-up is over. node:http rather than fetch: fetch
 * would load undici into the start script's process for good (a few MiB).
 */
export async function webAnswers(url: string, timeoutMs: number, stopped: () => boolean = () => false): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopped()) {
    const answered = await new Promise<boolean>((resolve) => {
      const request = http.get(url, { timeout: Math.max(1, Math.min(5_000, deadline - Date.now())) }, (response) => {
        response.resume();
        resolve(true);
      });
      request.on("timeout", () => request.destroy());
      request.on("error", () => resolve(false));
    });
    if (answered) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}
