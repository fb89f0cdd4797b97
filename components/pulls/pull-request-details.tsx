import { RelativeTime } from "@/components/ui/time";
import { cn } from "@/lib/cn";
import type { PullRequest, PullRequestListItem } from "@/lib/pulls/schema";

const STATE_CLASS: Record<PullRequest["state"], string> = {
  open: "text-emerald-700 dark:text-emerald-400",
  merged: "text-violet-700 dark:text-violet-400",
  closed: "text-zinc-500",
};

/** "CI passing" / "CI failing" / "CI pending" / "no CI": the PR's head commit as the forge reports it. */
export function ciWords(status: PullRequest["ciStatus"]): string {
  if (status === "success") return "CI passing";
  if (status === "failure") return "CI failing";
  if (status === "pending") return "CI pending";
  return "no CI";
}

const CI_CLASS = (status: PullRequest["ciStatus"]) =>
  status === "failure" ? "text-red-700 dark:text-red-400" : status === "success" ? "text-emerald-700 dark:text-emerald-400" : "text-zinc-500";

/** "#12 open, CI failing, 2 comments": a PR in one line (the tree's tooltip and its node's name). */
export function pullRequestWords(pr: Pick<PullRequestListItem, "number" | "state" | "ciStatus" | "reviewCommentCount">): string {
  const comments = pr.reviewCommentCount ? `, ${pr.reviewCommentCount} review comment${pr.reviewCommentCount === 1 ? "" : "s"}` : "";
  return `PR #${pr.number} ${pr.state}, ${ciWords(pr.ciStatus)}${comments}`;
}

/** The PR as read back: number and link, state, CI per check, reviews and the comments on lines. */
export function PullRequestDetails({ pr }: { pr: PullRequest }) {
  return (
    <div data-testid="pull-request" className="space-y-2 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <a href={pr.url} target="_blank" rel="noreferrer" className="font-mono font-semibold underline">
          #{pr.number}
        </a>
        <span>{pr.title}</span>
        <span data-slot="pr-state" className={cn("font-medium", STATE_CLASS[pr.state])}>
          {pr.state}
        </span>
        <span data-slot="pr-ci" className={cn("font-medium", CI_CLASS(pr.ciStatus))}>
          {ciWords(pr.ciStatus)}
        </span>
        <span className="text-xs text-zinc-500">
          {pr.repository} · <code className="font-mono">{pr.branch}</code> → <code className="font-mono">{pr.baseBranch}</code>
          {pr.lastPolledAt ? (
            <>
              {" "}
              · read <RelativeTime iso={pr.lastPolledAt} />
            </>
          ) : null}
        </span>
      </p>
      {pr.lastError ? <p className="text-xs text-amber-700 dark:text-amber-400">Last read failed: {pr.lastError}</p> : null}
      {pr.checks.length ? (
        <ul aria-label="CI checks" className="space-y-0.5 text-xs">
          {pr.checks.map((c, i) => (
            <li key={`${c.name}-${i}`} className={CI_CLASS(c.status)}>
              {c.status === "success" ? "✓" : c.status === "failure" ? "✗" : "…"} {c.name}
              {c.conclusion ? ` (${c.conclusion})` : ""}
              {c.summary ? <span className="text-zinc-600 dark:text-zinc-400">: {c.summary}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {pr.reviews.filter((r) => r.body.trim() || r.state === "CHANGES_REQUESTED").length ? (
        <ul aria-label="Reviews" className="space-y-1 text-xs">
          {pr.reviews
            .filter((r) => r.body.trim() || r.state === "CHANGES_REQUESTED")
            .map((r, i) => (
              <li key={i}>
                <span className="font-medium">{r.author ?? "someone"}</span> {r.state.toLowerCase().replace(/_/g, " ")}
                {r.body.trim() ? `: ${r.body}` : ""}
              </li>
            ))}
        </ul>
      ) : null}
      {pr.reviewComments.length ? (
        <ul aria-label="Review comments" className="space-y-1.5">
          {pr.reviewComments.map((c, i) => (
            <li key={`${c.path}-${c.line}-${i}`} className="rounded border border-zinc-200 p-2 dark:border-zinc-800">
              <p className="text-xs text-zinc-500">
                <code className="font-mono">
                  {c.path}
                  {c.line != null ? `:${c.line}` : " (outdated)"}
                </code>{" "}
                · {c.author ?? "someone"}
              </p>
              <p className="whitespace-pre-wrap">{c.body}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-zinc-500">No review comments yet.</p>
      )}
    </div>
  );
}
