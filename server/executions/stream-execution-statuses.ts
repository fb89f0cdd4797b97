import "server-only";
import { isUuid } from "@/lib/ids";
import { prisma } from "@/server/db";
import { toExecutionDto } from "@/server/executions/execution-dto";
import { STATUS_CHANNEL } from "@/server/realtime/channels";
import { onReconnect, subscribe } from "@/server/realtime/pg-listener";
import { sseStream } from "@/server/realtime/sse";

const COALESCE_MS = 50;

// Server-Sent Events of execution status changes across issues (or one issue),
// so lists (home, an issue's history and tree) patch their cache instead of
// polling. Runners NOTIFY the execution id; we read the row and send it as an
// Execution. Notifications in a burst are coalesced into one query. After the
// LISTEN connection comes back we send `resync`: the client refetches, since
// changes may have been missed meanwhile.
export function streamExecutionStatuses(filter: { issueId?: string }, signal: AbortSignal): ReadableStream<Uint8Array> {
  const pendingIds = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  return sseStream({
    signal,
    retryMs: 2_000,
    async start(sse) {
      sse.onClose(() => {
        if (timer) clearTimeout(timer);
      });
      const flush = async () => {
        timer = null;
        const ids = [...pendingIds];
        pendingIds.clear();
        if (ids.length === 0 || sse.closed) return;
        try {
          const rows = await prisma.execution.findMany({ where: { id: { in: ids }, ...(filter.issueId ? { issueId: filter.issueId } : {}) } });
          for (const row of rows) sse.send("status", toExecutionDto(row));
        } catch (error) {
          sse.send("error", { message: (error as Error).message });
          sse.close();
        }
      };
      const onNotify = (payload: string) => {
        const id = payload.split(" ")[0];
        if (!isUuid(id)) return;
        pendingIds.add(id.toLowerCase());
        timer ??= setTimeout(() => void flush(), COALESCE_MS);
      };
      sse.onClose(await subscribe(STATUS_CHANNEL, onNotify));
      sse.onClose(onReconnect(() => sse.send("resync", {})));
      sse.send("ready", {});
    },
  });
}
