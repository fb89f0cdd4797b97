import "server-only";
import { prisma } from "@/server/db";
import { toExecutionDto } from "@/server/executions/execution-dto";
import { STATUS_CHANNEL } from "@/server/realtime/channels";
import { onReconnect, subscribe } from "@/server/realtime/pg-listener";

const KEEPALIVE_MS = 15_000;
const COALESCE_MS = 50;

// Server-Sent Events of execution status changes across issues (or one issue),
// so lists (home, an issue's history and tree) patch their cache instead of
// polling. Runners NOTIFY the execution id; we read the row and send it as an
// Execution. Notifications in a burst are coalesced into one query. After the
// LISTEN connection comes back we send `resync`: the client refetches, since
// changes may have been missed meanwhile.
export function streamExecutionStatuses(filter: { issueId?: string }, signal: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let closed = false;
  const cleanups: (() => void)[] = [];
  const pendingIds = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const close = () => {
        if (closed) return;
        closed = true;
        if (timer) clearTimeout(timer);
        cleanups.forEach((fn) => fn());
        try {
          controller.close();
        } catch {
          // the client already went away
        }
      };
      const flush = async () => {
        timer = null;
        const ids = [...pendingIds];
        pendingIds.clear();
        if (ids.length === 0 || closed) return;
        try {
          const rows = await prisma.execution.findMany({ where: { id: { in: ids }, ...(filter.issueId ? { issueId: filter.issueId } : {}) } });
          for (const row of rows) send(`event: status\ndata: ${JSON.stringify(toExecutionDto(row))}\n\n`);
        } catch (error) {
          send(`event: error\ndata: ${JSON.stringify({ message: (error as Error).message })}\n\n`);
          close();
        }
      };
      const onNotify = (payload: string) => {
        const id = payload.split(" ")[0];
        if (!/^[0-9a-f-]{36}$/i.test(id)) return;
        pendingIds.add(id.toLowerCase());
        timer ??= setTimeout(() => void flush(), COALESCE_MS);
      };
      cleanups.push(await subscribe(STATUS_CHANNEL, onNotify));
      cleanups.push(onReconnect(() => send(`event: resync\ndata: {}\n\n`)));
      const keepalive = setInterval(() => send(`: keepalive\n\n`), KEEPALIVE_MS);
      cleanups.push(() => clearInterval(keepalive));
      signal.addEventListener("abort", close, { once: true });
      send(`retry: 2000\n\nevent: ready\ndata: {}\n\n`);
    },
    cancel() {
      closed = true;
      if (timer) clearTimeout(timer);
      cleanups.forEach((fn) => fn());
    },
  });
}
