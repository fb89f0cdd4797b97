import { makeWorkerUtils, type WorkerUtils } from "graphile-worker";
import { loadConfig } from "@/server/config/load-config";

// One WorkerUtils (its own small pool) per process for enqueueing jobs.
const globalForQueue = globalThis as unknown as { arborWorkerUtils?: Promise<WorkerUtils> };

export function getWorkerUtils(): Promise<WorkerUtils> {
  if (!globalForQueue.arborWorkerUtils) {
    const connectionString = loadConfig().databaseUrl;
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
