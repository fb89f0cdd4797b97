import "server-only";
import { prisma } from "@/server/db";
import { githubConfigured } from "./github-api";
import { refreshPullRequest } from "./refresh-pull-request";

// One round of the runners' pull request polling: claim the PRs whose next
// poll is due (several runners share the table: a claim moves nextPollAt
// ahead under SKIP LOCKED, so each PR is read by one of them), then read each
// back from the forge (refresh-pull-request.ts sets the real next time).

const CLAIM_AHEAD_MS = 5 * 60_000;

/** Refreshes up to `limit` due PRs; how many were read. Does nothing without a GitHub token. */
export async function pollDuePullRequests(limit = 10): Promise<number> {
  if (!githubConfigured()) return 0;
  const claimed = await prisma.$queryRaw<{ id: string }[]>`
    UPDATE pull_requests SET next_poll_at = now() + ${`${CLAIM_AHEAD_MS} milliseconds`}::interval
    WHERE id IN (
      SELECT id FROM pull_requests
      WHERE next_poll_at IS NOT NULL AND next_poll_at <= now()
      ORDER BY next_poll_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`;
  let read = 0;
  for (const { id } of claimed) {
    const row = await prisma.pullRequest.findUnique({ where: { id } });
    if (!row) continue;
    // The claim moved nextPollAt ahead: the interval that led here is the time since the last read.
    await refreshPullRequest({ ...row, nextPollAt: row.lastPolledAt ? new Date() : null });
    read++;
  }
  return read;
}
