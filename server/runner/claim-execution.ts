import type pg from "pg";
import { prisma } from "@/server/db";
import type { Execution } from "@/server/generated/prisma/client";
import { isPrismaError } from "@/server/http/prisma-errors";
import { STATUS_CHANNEL } from "@/server/realtime/channels";

// The runner's claim of a queued execution: one UPDATE that only a queued row
// passes (Cancel and the runner race safely), returning the row, so the
// launch starts after one round trip. The status NOTIFY is not waited for:
// open pages hear "running" while the launch is being planned. A turn for a
// warm process (`announce: false`) is announced once its message is written,
// with its session, by the update that records its process (execute-job.ts):
// one NOTIFY, and one read by every open page, instead of three.

export async function claimExecution(
  ctx: { runnerId: string; pool: pg.Pool },
  executionId: string,
  options: { announce?: boolean } = {},
): Promise<Execution | null> {
  let execution: Execution;
  try {
    execution = await prisma.execution.update({
      where: { id: executionId, status: "queued" },
      data: { status: "running", runnerId: ctx.runnerId, startedAt: new Date() },
    });
  } catch (error) {
    // Not queued any more (cancelled, or claimed already), or gone.
    if (isPrismaError(error, "P2025")) return null;
    throw error;
  }
  if (options.announce !== false) announceStatus(ctx.pool, executionId);
  return execution;
}

/** NOTIFYs a status change without waiting for it (a lost one only delays a page until the next). */
export function announceStatus(pool: pg.Pool, executionId: string): void {
  pool.query(`SELECT pg_notify($1, $2)`, [STATUS_CHANNEL, executionId]).catch(() => {});
}
