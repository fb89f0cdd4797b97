import type { Runner } from "@/server/generated/prisma/client";

// A runner writes a heartbeat every HEARTBEAT_MS; one silent for longer than
// RUNNER_STALE_MS is considered gone and its running executions interrupted.
export const HEARTBEAT_MS = 5_000;
export const RUNNER_STALE_MS = 30_000;

export function isRunnerAlive(runner: Pick<Runner, "heartbeatAt" | "stoppedAt">, now = Date.now()): boolean {
  return runner.stoppedAt === null && now - runner.heartbeatAt.getTime() < RUNNER_STALE_MS;
}
