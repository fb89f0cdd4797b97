import type pg from "pg";
import type { Execution } from "@/server/generated/prisma/client";
import { executionColumns, executionFromPg } from "@/server/executions/execution-columns";
import { announceSoon, notice } from "@/server/realtime/announce";

// The runner's claim of a queued execution: one UPDATE that only a queued row
// passes (Cancel and the runner race safely), returning the row, so the
// launch starts after one round trip. The status NOTIFY is not waited for:
// open pages hear "running" while the launch is being planned. A turn for a
// warm process (`announce: false`) is announced once its message is written,
// with its session, by the update that records its process (turn-records.ts):
// one NOTIFY, and one read by every open page, instead of three.

const CLAIM = `UPDATE executions SET status = 'running', runner_id = $2, started_at = $3, updated_at = $3
  WHERE id = $1 AND status = 'queued' RETURNING ${executionColumns()}`;

export async function claimExecution(
  ctx: { runnerId: string; pool: pg.Pool },
  executionId: string,
  options: { announce?: boolean } = {},
): Promise<Execution | null> {
  // A prepared statement on the runner's own pool: the claim is the hop between a turn's commit and its launch.
  const { rows } = await ctx.pool.query({ name: "arbor_claim_execution", text: CLAIM, values: [executionId, ctx.runnerId, new Date()] });
  // Not queued any more (cancelled, or claimed already), or gone.
  if (rows.length === 0) return null;
  const execution = executionFromPg(rows[0]);
  if (options.announce !== false) announceSoon(ctx.pool, notice.status(executionId));
  return execution;
}
