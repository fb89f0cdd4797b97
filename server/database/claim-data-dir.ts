import { realpath } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { readOwner } from "./cluster-files";
import { stopPostmasterByPid } from "./postmaster-process";
import { inspectPostmaster, removeStalePostmasterPid } from "./postmaster-pid";
import { isAlive, parentPid, postgresPidsIn } from "./process-info";

// Decides what to do about whatever a previous run left in the data directory
// before we start a postmaster on it:
// - nothing, or a lock file of a dead postmaster → start normally (PostgreSQL
//   recovers from the crash itself);
// - a lock file whose pid now belongs to an unrelated process → remove it,
//   since PostgreSQL would refuse to start;
// - a postmaster still running, started by an Arbor process that is still
//   alive (e.g. `npm run db:migrate` while the app runs) → share it;
// - a postmaster still running whose Arbor died (kill -9, OOM) → it is an
//   orphan nobody will stop: shut it down cleanly and start our own, so the
//   current settings (port, max_connections) apply.

export type DataDirClaim = { kind: "free" } | { kind: "shared"; port: number; ownerPid: number };

const SURVIVOR_WAIT_MS = 15_000;

export async function claimDataDir(dataDir: string, log: (line: string) => void): Promise<DataDirClaim> {
  const state = await inspectPostmaster(dataDir);
  switch (state.kind) {
    case "absent":
      return { kind: "free" };
    case "dead":
      log(`previous PostgreSQL (pid ${state.lock.pid}) did not shut down cleanly; it will recover on start`);
      await waitForSurvivingBackends(dataDir);
      return { kind: "free" };
    case "reused":
      log(`removing stale postmaster.pid: pid ${state.lock.pid} now belongs to an unrelated process`);
      await waitForSurvivingBackends(dataDir);
      await removeStalePostmasterPid(dataDir);
      return { kind: "free" };
    case "unknown":
      throw new Error(
        `${dataDir}/postmaster.pid names pid ${state.lock.pid}, which is running, and Arbor cannot tell whether it is PostgreSQL. ` +
          `Stop that PostgreSQL, or delete postmaster.pid if it is not one, then start Arbor again.`,
      );
    case "running": {
      const owner = await readOwner(dataDir);
      const port = state.lock.port ?? owner?.port;
      // The postmaster is our child while its Arbor lives; once that process
      // dies the kernel re-parents it, so a matching parent pid proves the
      // owner is still there (a recycled owner pid cannot be its parent).
      if (owner && port && isAlive(owner.pid) && parentPid(state.lock.pid) === owner.pid) {
        return { kind: "shared", port, ownerPid: owner.pid };
      }
      log(`stopping PostgreSQL (pid ${state.lock.pid}) orphaned by an Arbor process that did not shut down`);
      await stopPostmasterByPid(state.lock.pid);
      return { kind: "free" };
    }
  }
}

/**
 * Backends of a killed postmaster notice its death and exit within moments;
 * until they have, starting a new postmaster on the same files is unsafe
 * (PostgreSQL itself refuses while they hold the old shared memory).
 */
async function waitForSurvivingBackends(dataDir: string): Promise<void> {
  const dir = await realpath(dataDir);
  const deadline = Date.now() + SURVIVOR_WAIT_MS;
  for (;;) {
    const survivors = postgresPidsIn(dir) ?? []; // unknown off Linux: PostgreSQL's own check still applies
    if (survivors.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`Processes of a previous PostgreSQL are still running in ${dataDir} (pids ${survivors.join(", ")}). Stop them, then start Arbor again.`);
    }
    await sleep(200);
  }
}
