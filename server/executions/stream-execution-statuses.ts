import "server-only";
import { isUuid } from "@/lib/ids";
import { prisma } from "@/server/db";
import { toExecutionDto } from "@/server/executions/execution-dto";
import { STATUS_CHANNEL } from "@/server/realtime/channels";
import { onReconnect, subscribe } from "@/server/realtime/pg-listener";
import { sseStream } from "@/server/realtime/sse";

// Server-Sent Events of execution status changes across issues (or one issue),
// so lists (home, an issue's history and tree) patch their cache instead of
// polling. Runners NOTIFY the execution id; we read the row and send it as an
// Execution. No window waits in front of a change: the first notification is
// read at once, and only those that arrive while a read is under way are
// read together right after it (a burst costs one query per round, and a lone
// change, such as a session id, reaches the page within a query's time).
// After the LISTEN connection comes back we send `resync`: the client
// refetches, since changes may have been missed meanwhile.
export function streamExecutionStatuses(filter: { issueId?: string }, signal: AbortSignal): ReadableStream<Uint8Array> {
  const pendingIds = new Set<string>();
  let reading = false;

  return sseStream({
    signal,
    retryMs: 2_000,
    async start(sse) {
      const flush = async () => {
        if (reading) return;
        reading = true;
        try {
          while (pendingIds.size > 0 && !sse.closed) {
            const ids = [...pendingIds];
            pendingIds.clear();
            const rows = await prisma.execution.findMany({ where: { id: { in: ids }, ...(filter.issueId ? { issueId: filter.issueId } : {}) } });
            for (const row of rows) sse.send("status", toExecutionDto(row));
          }
        } catch (error) {
          sse.send("error", { message: (error as Error).message });
          sse.close();
        } finally {
          reading = false;
        }
      };
      const onNotify = (payload: string) => {
        const id = payload.split(" ")[0];
        if (!isUuid(id)) return;
        pendingIds.add(id.toLowerCase());
        void flush();
      };
      sse.onClose(await subscribe(STATUS_CHANNEL, onNotify));
      sse.onClose(onReconnect(() => sse.send("resync", {})));
      sse.send("ready", {});
    },
  });
}
