import "server-only";
import { TERMINAL_STATUSES } from "@/lib/execution-types";
import { prisma } from "@/server/db";
import { toExecutionDto } from "@/server/executions/execution-dto";
import { listExecutionEvents } from "@/server/executions/list-execution-events";
import { EVENTS_CHANNEL, STATUS_CHANNEL } from "@/server/realtime/channels";
import { onReconnect, subscribe } from "@/server/realtime/pg-listener";

const PAGE = 500;
const KEEPALIVE_MS = 15_000;

// Server-Sent Events for one execution. This route only subscribes: runners
// insert events and NOTIFY; we re-read from the database after every
// notification, so a reconnecting client (Last-Event-ID = last seq it saw)
// gets exactly the events after it, with no gaps and no repeats.
export function streamExecutionEvents(executionId: string, agent: string, afterSeq: number, signal: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let lastSeq = afterSeq;
  let closed = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  const cleanups: (() => void)[] = [];

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const close = () => {
        if (closed) return;
        closed = true;
        cleanups.forEach((fn) => fn());
        try {
          controller.close();
        } catch {
          // already closed by the client going away
        }
      };

      const drain = async () => {
        for (;;) {
          const events = await listExecutionEvents({ id: executionId, agent }, { afterSeq: lastSeq, limit: PAGE });
          for (const event of events) {
            lastSeq = event.seq;
            if (event.entries.length === 0) continue;
            send(`id: ${event.seq}\nevent: entry\ndata: ${JSON.stringify({ seq: event.seq, stream: event.stream, kind: event.kind, createdAt: event.createdAt, entries: event.entries })}\n\n`);
          }
          if (events.length < PAGE || closed) break;
        }
        const row = await prisma.execution.findUnique({ where: { id: executionId } });
        if (!row) return close();
        send(`event: status\ndata: ${JSON.stringify(toExecutionDto(row))}\n\n`);
        if (TERMINAL_STATUSES.has(row.status) && lastSeq >= row.eventCount) {
          send(`event: end\ndata: ${JSON.stringify(toExecutionDto(row))}\n\n`);
          close();
        }
      };
      // Notifications can arrive while a drain runs; coalesce them into one more pass.
      const pump = () => {
        if (closed) return;
        if (pumping) {
          again = true;
          return;
        }
        pumping = drain()
          .catch((error) => {
            send(`event: error\ndata: ${JSON.stringify({ message: (error as Error).message })}\n\n`);
            close();
          })
          .finally(() => {
            pumping = null;
            if (again) {
              again = false;
              pump();
            }
          });
      };

      const onNotify = (payload: string) => {
        if (payload.split(" ")[0] === executionId) pump();
      };
      cleanups.push(await subscribe(EVENTS_CHANNEL, onNotify));
      cleanups.push(await subscribe(STATUS_CHANNEL, onNotify));
      cleanups.push(onReconnect(pump));
      const keepalive = setInterval(() => send(`: keepalive\n\n`), KEEPALIVE_MS);
      cleanups.push(() => clearInterval(keepalive));
      signal.addEventListener("abort", close, { once: true });
      send(`retry: 1000\n\n`);
      pump();
    },
    cancel() {
      closed = true;
      cleanups.forEach((fn) => fn());
    },
  });
}
