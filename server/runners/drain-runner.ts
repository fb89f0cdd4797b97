import { conflict, notFound, ok, type Result } from "@/lib/result";
import type { RunnerDto } from "@/lib/runners/schema";
import { prisma } from "@/server/db";
import { listRunners } from "@/server/runners/list-runners";

// POST /api/runners/:id/drain and `arbor runner drain <id>` (issue 24): the
// runner takes no new turn, lets its running turns finish, releases its warm
// sessions and hands the jobs queued for it to the other runners
// (server/runner/process/runner-drain.ts does that on the runner). Here the
// request is recorded (draining_at) and the runner told. Idempotent: a runner
// draining or drained already is answered as it is.

/**
 * `tell` sends the runner the drain NOTIFY (the route passes
 * server/realtime/announce.ts's: this folder sits below server/realtime/).
 * A missed one only waits for the runner's next heartbeat.
 */
export async function drainRunner(rawId: string, tell: (runnerId: string) => Promise<void>): Promise<Result<{ runner: RunnerDto }>> {
  const id = rawId.trim();
  const unknown = notFound(`No runner "${rawId}": \`arbor runners\` (or the Runners page) lists them`);
  // A NUL cannot be in any id PostgreSQL stored.
  if (!id || id.includes("\0")) return unknown;
  const [runner] = await listRunners({ id });
  if (!runner) return unknown;
  if (!runner.alive) {
    const since = runner.stoppedAt ? `it stopped at ${runner.stoppedAt}` : `its last heartbeat was at ${runner.heartbeatAt}`;
    return conflict(`Runner ${id} is offline (${since}): it already takes no turns, so there is nothing to drain`, { state: runner.state });
  }
  if (runner.state !== "active") return ok({ runner });
  const asked = await prisma.runner.updateMany({ where: { id, drainingAt: null }, data: { drainingAt: new Date() } });
  if (asked.count > 0) await tell(id);
  const [now] = await listRunners({ id });
  return ok({ runner: now ?? runner });
}
