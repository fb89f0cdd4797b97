import { prepareSpareWorktree, listSpares } from "@/server/git/spare-worktrees";

// Checking out a large repository takes seconds (docs/performance.md,
// "Worktrees and snapshots"), so after a run of a project took a checkout,
// the runner makes the next one in the background: createWorktree claims it
// with a rename and a branch switch that rewrites only the files that differ.
// One spare per project directory, made by one runner process at a time.

const making = new Map<string, Promise<void>>();

/** Makes a spare checkout of `from` in `dir` unless one waits there or is being made. Never throws. */
export function keepSpare(repo: string, dir: string, from: string, log: (line: string) => void = console.error): void {
  if (making.has(dir)) return;
  const job = (async () => {
    if ((await listSpares(dir)).length > 0) return;
    const made = await prepareSpareWorktree({ repo, dir, from });
    if (!made.ok) log(`[runner] no spare checkout for ${repo}: ${made.error.message}`);
  })()
    .catch((error: Error) => log(`[runner] could not make a spare checkout of ${repo}: ${error.message}`))
    .finally(() => making.delete(dir));
  making.set(dir, job);
}

/** Waits for the spares being made (a runner that stops leaves no half-made checkout behind). */
export async function settleSpares(): Promise<void> {
  await Promise.all([...making.values()]);
}
