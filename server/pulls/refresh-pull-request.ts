import "server-only";
import { isDeepStrictEqual } from "node:util";
import { ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import type { PullRequest as PullRequestRow } from "@/server/generated/prisma/client";
import { nextPollAt } from "./poll-schedule";
import { readForge } from "./read-forge";

// Reads a pull request back from the forge and keeps what it says on its
// row: state, head, CI (check runs and commit statuses), review comments and
// reviews. A failed read is kept too (lastError, pollFailures) and backs the
// next poll off; the row keeps what the last good read said.

/** A read older than this is refreshed before a person is shown it. */
export const STALE_MS = 30_000;

export function isStale(row: Pick<PullRequestRow, "lastPolledAt" | "state">, now = new Date()): boolean {
  return !row.lastPolledAt || now.getTime() - row.lastPolledAt.getTime() > STALE_MS;
}

/** Refreshes the row; the updated row, or the forge's error (recorded on the row as well). */
export async function refreshPullRequest(row: PullRequestRow): Promise<Result<PullRequestRow>> {
  const now = new Date();
  const previousIntervalMs = row.nextPollAt && row.lastPolledAt ? row.nextPollAt.getTime() - row.lastPolledAt.getTime() : null;
  const read = await readForge(row.repository, row.number);
  if (!read.ok) {
    const failures = row.pollFailures + 1;
    await prisma.pullRequest.update({
      where: { id: row.id },
      data: {
        pollFailures: failures,
        lastError: read.error.message,
        nextPollAt: nextPollAt({ now, state: row.state, changed: false, previousIntervalMs, failures }),
      },
    });
    return read;
  }
  const view = read.value;
  const data = {
    state: view.state,
    title: view.title,
    headSha: view.headSha,
    ciStatus: view.ciStatus,
    ciDetails: view.checks,
    reviewComments: view.reviewComments,
    reviews: view.reviews,
  };
  // Compared as JSON values, not as text: PostgreSQL's jsonb keeps object keys in its own order, so the
  // stored value never reads back in the order the forge's answer was built in (text would always differ).
  const asJson = (value: unknown) => JSON.parse(JSON.stringify(value ?? null)) as unknown;
  const changed = !isDeepStrictEqual(
    asJson([row.state, row.headSha, row.ciStatus, row.ciDetails, row.reviewComments, row.reviews]),
    asJson([data.state, data.headSha, data.ciStatus, data.ciDetails, data.reviewComments, data.reviews]),
  );
  const updated = await prisma.pullRequest.update({
    where: { id: row.id },
    data: {
      ...data,
      lastPolledAt: now,
      pollFailures: 0,
      lastError: null,
      nextPollAt: nextPollAt({ now, state: view.state, changed, previousIntervalMs, failures: 0 }),
    },
  });
  return ok(updated);
}
