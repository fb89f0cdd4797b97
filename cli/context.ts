// What every command gets: the API client, output streams and their style.

import os from "node:os";
import type { ApiClient } from "./http";
import type { SseOptions } from "./sse/connect";
import type { Style } from "./render/style";

export interface Writer {
  write(chunk: string): unknown;
}

export interface Context {
  api: ApiClient;
  stdout: Writer;
  stderr: Writer;
  /** Styling for stdout. */
  style: Style;
  /** stdout is a terminal (hints are printed only then). */
  interactive: boolean;
  /** Where relative paths (`--cwd`) are resolved from. */
  cwd: string;
  /** Reads all of stdin (for a prompt given as "-"). */
  readStdin: () => Promise<string>;
  /** Asks a person a question on the terminal and returns their answer; null when there is no terminal to ask on (stdin is not one). */
  ask?: (question: string) => Promise<string | null>;
  /** Aborted on Ctrl-C: streaming stops and the command detaches. */
  signal?: AbortSignal;
  /** Who marks outcomes (ARBOR_USER); the OS user name when unset. */
  user?: string;
  /** Overrides for the event-stream client (tests). */
  sse?: Pick<SseOptions, "retryDelayMs" | "maxRetries" | "maxRetryDelayMs" | "sleep">;
}

export function println(w: Writer, lines: string | string[]): void {
  const list = Array.isArray(lines) ? lines : [lines];
  if (list.length === 0) return;
  w.write(`${list.join("\n")}\n`);
}

/** Encodes an id for use as one path segment. */
export function seg(id: string): string {
  return encodeURIComponent(id);
}

/** Who a person is in what they record (a mark, a decision): ARBOR_USER, else the OS user name. */
export function personName(ctx: Pick<Context, "user">): string | undefined {
  if (ctx.user) return ctx.user.slice(0, 100);
  try {
    return os.userInfo().username || undefined;
  } catch {
    return undefined;
  }
}
