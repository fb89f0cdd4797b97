import "server-only";
import { ok, type Result } from "@/lib/result";
import type { ExecutionDto } from "@/lib/executions/schema";
import { prisma } from "@/server/db";
import { toExecutionDto } from "@/server/executions/execution-dto";
import { findExecution } from "@/server/executions/find-execution";
import { removeQueuedExecution } from "@/server/queue/enqueue-execution";
import { announce, notice } from "@/server/realtime/announce";

// Queued: cancelled on the spot (its job removed). Running: the runner that
// owns the process is told over NOTIFY (and re-checks on its heartbeat), sends
// SIGTERM to the process group, then SIGKILL after a grace period.
// Already finished: returned unchanged (cancel is idempotent).
export async function cancelExecution(id: string): Promise<Result<ExecutionDto>> {
  const found = await findExecution(id);
  if (!found.ok) return found;
  let execution = found.value;

  if (execution.status === "queued") {
    const updated = await prisma.execution.updateMany({
      where: { id, status: "queued" },
      // No agent ran for it: a session id it was given as it claimed a pre-started agent was never its.
      data: { status: "cancelled", finishedAt: new Date(), cancelRequestedAt: new Date(), errorCode: null, sessionId: null },
    });
    if (updated.count === 1) {
      await removeQueuedExecution(id).catch(() => {});
      await announce(prisma, notice.status(id));
    } else {
      // A runner claimed it between our read and the update: it is running
      // now, so cancel it as such (otherwise the cancel was silently lost).
      execution = await prisma.execution.findUniqueOrThrow({ where: { id } });
    }
  }
  if (execution.status === "running" && !execution.cancelRequestedAt) {
    const requested = await prisma.execution.updateMany({
      where: { id, status: "running", cancelRequestedAt: null },
      data: { cancelRequestedAt: new Date() },
    });
    if (requested.count === 1) await announce(prisma, notice.cancel(id));
  }
  const fresh = await prisma.execution.findUniqueOrThrow({ where: { id } });
  return ok(toExecutionDto(fresh));
}
