// Streams an execution's log from `GET /api/executions/:id/events` until its
// `end` event. Shared by `show` and by `run/continue/fork --follow`.
//
// The SSE client resumes with Last-Event-ID after a dropped connection; on top
// of that, entry batches are de-duplicated by their sequence number and status
// lines are printed only when something changed, so a server that replays a
// little too much never shows up as repeated output.

import { println, seg, type Context } from "../context";
import { errorFromResponse } from "../http";
import { createEntryPrinter } from "../render/entries";
import { renderEnd, renderExecutionHeader, renderStatusChange } from "../render/execution";
import { sseEvents } from "../sse/connect";
import { TERMINAL_STATUSES, type EntryEventData, type Execution } from "../types";

export interface FollowOptions {
  json: boolean;
  /** The execution as already printed (its status is not re-announced). */
  known?: Execution;
  /** No header was printed yet: print one from the first `status` event. */
  headerFromFirstStatus?: boolean;
}

export const EXIT_DETACHED = 130;

function parseData(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function finiteNumber(v: unknown): number | undefined {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

function statusKey(exec: unknown): string {
  const e = asRecord(exec);
  return `${String(e.status ?? "")}|${String(e.managedSessionId ?? "")}`;
}

export function exitCodeForStatus(status: unknown): number {
  return status === "completed" ? 0 : 1;
}

export async function followExecution(ctx: Context, executionId: string, opts: FollowOptions): Promise<number> {
  const { json } = opts;
  let lastSeq = Number.NEGATIVE_INFINITY;
  let lastStatus = opts.known ? statusKey(opts.known) : undefined;
  let needHeader = opts.headerFromFirstStatus === true;
  let serverErrors = 0;
  const printer = createEntryPrinter(ctx.style, (text) => ctx.stdout.write(text));
  const jsonLine = (event: string, id: string, data: unknown) => println(ctx.stdout, JSON.stringify(id === "" ? { event, data } : { event, id, data }));

  const events = sseEvents({
    url: ctx.api.url(`/api/executions/${seg(executionId)}/events`),
    headers: ctx.api.headers(),
    fetch: ctx.api.fetch,
    signal: ctx.signal,
    errorForResponse: (res) => errorFromResponse(res, `GET /api/executions/${executionId}/events`),
    onReconnect: ({ failures, delayMs, lastEventId }) => {
      // A single drop is routine (we resume silently); say something if it persists.
      if (failures >= 2) {
        const after = lastEventId ? ` after event ${lastEventId}` : "";
        println(ctx.stderr, `arbor: event stream lost; reconnecting${after} in ${Math.round(delayMs / 100) / 10}s (attempt ${failures})…`);
      }
    },
    ...ctx.sse,
  });

  for await (const ev of events) {
    const data = parseData(ev.data);
    switch (ev.type) {
      case "entry": {
        const d = asRecord(data) as EntryEventData;
        const seq = finiteNumber(d.seq) ?? finiteNumber(ev.id);
        if (seq !== undefined) {
          if (seq <= lastSeq) break; // already printed (replayed after a reconnect)
          lastSeq = seq;
        }
        serverErrors = 0;
        if (json) jsonLine(ev.type, ev.id, data);
        else printer.print(d.entries);
        break;
      }
      case "status": {
        const key = statusKey(data);
        if (key === lastStatus && !needHeader) break;
        lastStatus = key;
        printer.end();
        if (json) jsonLine(ev.type, ev.id, data);
        else if (needHeader) println(ctx.stdout, renderExecutionHeader(data as Execution, ctx.style));
        // A final status is announced by the `end` line that follows it.
        else if (!TERMINAL_STATUSES.includes(String(asRecord(data).status))) println(ctx.stdout, renderStatusChange(data as Execution, ctx.style));
        needHeader = false;
        break;
      }
      case "error": {
        // The server hit a problem reading the log and closes the stream; we
        // reconnect, but stop if it keeps happening without progress.
        const message = typeof asRecord(data).message === "string" ? (asRecord(data).message as string) : ev.data;
        println(ctx.stderr, `arbor: the server reported an error on the event stream: ${message}`);
        if (++serverErrors >= 3) return 1;
        break;
      }
      case "end": {
        printer.end();
        if (json) jsonLine(ev.type, ev.id, data);
        else println(ctx.stdout, renderEnd(asRecord(data) as unknown as Execution, ctx.style));
        return exitCodeForStatus(asRecord(data).status);
      }
      default:
        if (json) jsonLine(ev.type, ev.id, data);
        break;
    }
  }

  printer.end();
  if (ctx.signal?.aborted) {
    println(ctx.stderr, `arbor: detached; the execution keeps running — resume with: arbor show ${executionId}`);
    return EXIT_DETACHED;
  }
  println(ctx.stderr, "arbor: the event stream closed before the execution ended");
  return 1;
}
