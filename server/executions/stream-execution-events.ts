import "server-only";
import { TERMINAL_STATUSES } from "@/lib/executions/types";
import { prisma } from "@/server/db";
import { toExecutionDto } from "@/server/executions/execution-dto";
import { listExecutionEvents } from "@/server/executions/list-execution-events";
import { EVENTS_CHANNEL, STATUS_CHANNEL } from "@/server/realtime/channels";
import { onReconnect, subscribe } from "@/server/realtime/pg-listener";
import { sseStream } from "@/server/realtime/sse";

const PAGE = 500;

// Server-Sent Events for one execution. This route only subscribes: runners
// insert events and NOTIFY; we re-read from the database after every
// notification, so a reconnecting client (Last-Event-ID = last seq it saw)
// gets exactly the events after it, with no gaps and no repeats.
export function streamExecutionEvents(executionId: string, agent: string, afterSeq: number, signal: AbortSignal): ReadableStream<Uint8Array> {
  let lastSeq = afterSeq;
  let pumping: Promise<void> | null = null;
  let again = false;

  return sseStream({
    signal,
    retryMs: 1_000,
    async start(sse) {
      const drain = async () => {
        for (;;) {
          const events = await listExecutionEvents({ id: executionId, agent }, { afterSeq: lastSeq, limit: PAGE });
          for (const event of events) {
            lastSeq = event.seq;
            if (event.entries.length === 0) continue;
            sse.send("entry", { seq: event.seq, stream: event.stream, kind: event.kind, createdAt: event.createdAt, entries: event.entries }, event.seq);
          }
          if (events.length < PAGE || sse.closed) break;
        }
        const row = await prisma.execution.findUnique({ where: { id: executionId } });
        if (!row) return sse.close();
        sse.send("status", toExecutionDto(row));
        if (TERMINAL_STATUSES.has(row.status) && lastSeq >= row.eventCount) {
          sse.send("end", toExecutionDto(row));
          sse.close();
        }
      };
      // Notifications can arrive while a drain runs; coalesce them into one more pass.
      const pump = () => {
        if (sse.closed) return;
        if (pumping) {
          again = true;
          return;
        }
        pumping = drain()
          .catch((error) => {
            sse.send("error", { message: (error as Error).message });
            sse.close();
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
      sse.onClose(await subscribe(EVENTS_CHANNEL, onNotify));
      sse.onClose(await subscribe(STATUS_CHANNEL, onNotify));
      sse.onClose(onReconnect(pump));
      pump();
    },
  });
}
