import os from "node:os";
import { prisma } from "@/server/db";

// A runner's id must be stable across restarts on the same machine, because
// executions are routed back to the runner whose disk holds their session.
// `npm start` takes "<hostname>"; further runners on the same machine take
// "<hostname>-2", "-3", … A slot is free when its process is gone.

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function claimRunnerId(explicit: string | undefined): Promise<string> {
  const hostname = os.hostname();
  if (explicit) return explicit;
  for (let slot = 1; slot < 100; slot++) {
    const id = slot === 1 ? hostname : `${hostname}-${slot}`;
    const existing = await prisma.runner.findUnique({ where: { id } });
    if (!existing || existing.stoppedAt || (existing.hostname === hostname && !pidAlive(existing.pid)) || existing.pid === process.pid) {
      return id;
    }
  }
  throw new Error("No free runner slot on this machine (99 runners already alive?)");
}
