import path from "node:path";
import { initRepository, repositoryExists } from "@/server/git/init-repository";
import { pushToStore, type RefUpdate } from "@/server/git/push-to-store";
import { branchHead } from "@/server/git/refs";
import { lineRefName, snapshotRefName, startRefName } from "@/server/git/worktree-names";
import type { ProjectRepo } from "@/server/projects/project-repo";

// After each snapshot (snapshot-execution.ts), the line of work travels to
// the project's store (server/git/line-store.ts), so a Continue or Fork on
// another runner, and a diff on another machine, can go on from it: the
// snapshot at refs/arbor/snapshots/<execution id>, its start at
// refs/arbor/starts/<execution id>, and the line's branch tip at
// refs/arbor/lines/<branch>. The store is made (`git init --bare`) on first
// use, and seeded from the person's checkout with the base branch (only moved
// forward), so a runner without that checkout can start new runs from it.
// Done before the turn's final status is written, so a follow-up another
// runner takes right after finds everything there; a store slower than
// STORE_WAIT_MS (shared storage that hangs) does not hold the turn's end
// longer: the push goes on meanwhile, and the runner waits for it before it
// stops (settleLinePushes).

export interface LineTip {
  executionId: string;
  snapshotSha: string;
  startSha: string;
  /** The line's branch (arbor/ISSUE-n/<short id>), null when unknown. */
  branch: string | null;
  baseBranch: string | null;
}

const STORE_WAIT_MS = 10_000;
const pending = new Set<Promise<unknown>>();

/** Pushes the line; null when it travelled (or there is nowhere to go, or it is still on its way), else why it did not, in words. */
export async function pushLine(repo: ProjectRepo, tip: LineTip): Promise<string | null> {
  if (!repo.store) return null;
  const label = repo.store.label;
  const push = pushNow(repo, tip).catch((error: Error) => `pushing it to ${label} failed: ${error.message}`);
  pending.add(push);
  void push.finally(() => pending.delete(push));
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<"slow">((resolve) => {
    timer = setTimeout(() => resolve("slow"), STORE_WAIT_MS);
  });
  const outcome = await Promise.race([push, slow]).finally(() => clearTimeout(timer));
  if (outcome !== "slow") return outcome;
  void push.then((problem) => problem && console.error(`[runner] the snapshot of execution ${tip.executionId} did not reach ${label}: ${problem}`));
  console.error(`[runner] the snapshot of execution ${tip.executionId} is still on its way to ${label}`);
  return null;
}

/** Waits for the pushes still on their way (a runner that stops leaves none behind). */
export async function settleLinePushes(): Promise<void> {
  await Promise.all([...pending]);
}

async function pushNow(repo: ProjectRepo, tip: LineTip): Promise<string | null> {
  const store = repo.store;
  if (!store) return null;
  // A store directory that is not there is shared storage not mounted here: never made in its stead.
  if (!(await repositoryExists(path.dirname(store.url)))) return `${store.label} cannot be reached: ${path.dirname(store.url)} does not exist on this machine`;
  await initRepository(store.url, { bare: true });
  const updates: RefUpdate[] = [
    { sha: tip.snapshotSha, ref: snapshotRefName(tip.executionId) },
    { sha: tip.startSha, ref: startRefName(tip.executionId) },
  ];
  const branchTip = tip.branch ? await branchHead(repo.repo, tip.branch) : null;
  if (tip.branch && branchTip) updates.push({ sha: branchTip, ref: lineRefName(tip.branch) });
  const pushed = await pushToStore({ repo: repo.repo, store, updates });
  if (!pushed.ok) return pushed.error.message;
  if (!repo.clone && tip.baseBranch) {
    const base = await branchHead(repo.repo, tip.baseBranch);
    const seeded = base ? await pushToStore({ repo: repo.repo, store, updates: [{ sha: base, ref: `refs/heads/${tip.baseBranch}` }] }) : null;
    // The base branch is a convenience for new runs elsewhere: the line itself travelled.
    if (seeded && !seeded.ok) console.error(`[runner] ${tip.baseBranch} not updated on ${store.label}: ${seeded.error.message}`);
  }
  return null;
}
