import { pollDuePullRequests } from "@/server/pulls/poll-due-pull-requests";

// The runner's periodic task for pull requests: every few seconds it reads
// back the PRs whose next poll is due (server/pulls/poll-due-pull-requests.ts:
// the backoff lives on each row, so this tick is only how often to look).
// Without ARBOR_GITHUB_TOKEN a round does nothing.

const TICK_MS = 10_000;

export function startPullRequestPolling(options: { log: (line: string) => void; tickMs?: number }): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return; // a slow round is never doubled
    running = pollDuePullRequests()
      .then(() => {})
      .catch((error) => options.log(`pull request polling failed: ${(error as Error).message}`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.tickMs ?? TICK_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
