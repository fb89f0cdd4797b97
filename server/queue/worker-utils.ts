import { makeWorkerUtils, runMigrations, type WorkerUtils } from "graphile-worker";

// One WorkerUtils (its own small pool) per process for enqueueing jobs.
const globalForQueue = globalThis as unknown as { arborWorkerUtils?: Promise<WorkerUtils> };

export function getWorkerUtils(): Promise<WorkerUtils> {
  if (!globalForQueue.arborWorkerUtils) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set");
    globalForQueue.arborWorkerUtils = makeWorkerUtils({ connectionString, maxPoolSize: 3 }).catch((error) => {
      globalForQueue.arborWorkerUtils = undefined;
      throw error;
    });
  }
  return globalForQueue.arborWorkerUtils;
}

export async function releaseWorkerUtils(): Promise<void> {
  const pending = globalForQueue.arborWorkerUtils;
  globalForQueue.arborWorkerUtils = undefined;
  if (pending) await (await pending).release();
}

/** Installs or upgrades graphile-worker's own schema (graphile_worker.*). */
export async function installQueueSchema(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: undefined });
}
