"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { PullRequestDetails } from "@/components/pulls/pull-request-details";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextArea, TextInput } from "@/components/ui/field";
import { RelativeTime } from "@/components/ui/time";
import type { ExecutionDto } from "@/lib/executions/schema";
import { executionHref } from "@/lib/hrefs";
import { useIssue } from "@/lib/issues/hooks";
import { useContinueWithReview, useOpenPullRequest, usePullRequest, usePush } from "@/lib/pulls/hooks";
import type { PullRequest } from "@/lib/pulls/schema";

/** The branch this turn pushed, or the Push button. */
function PushRow({ execution }: { execution: ExecutionDto }) {
  const push = usePush(execution.id);
  const pushed = execution.pushed;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Button size="sm" variant="secondary" disabled={push.isPending} aria-busy={push.isPending} onClick={() => push.mutate()}>
          {push.isPending ? "Pushing…" : pushed ? "Push again" : "Push"}
        </Button>
        {pushed ? (
          <span data-testid="pushed" className="text-zinc-700 dark:text-zinc-300">
            Pushed <code className="font-mono">{pushed.branch}</code> at <code className="font-mono">{pushed.commit.slice(0, 10)}</code> to{" "}
            <code className="font-mono">{pushed.remote}</code> <RelativeTime iso={pushed.at} />
          </span>
        ) : (
          <span className="text-zinc-500">Pushes this line&apos;s branch with this turn&apos;s snapshot.</span>
        )}
      </div>
      {push.error ? <ErrorAlert title="Not pushed">{push.error.message}</ErrorAlert> : null}
    </div>
  );
}

/** Title prefilled from the issue; the body is Arbor's (from the session) unless the person writes one. */
function OpenPullRequestForm({ execution }: { execution: ExecutionDto }) {
  const issue = useIssue(execution.issueId);
  const open = useOpenPullRequest(execution.id, execution.issueId);
  // null: not edited yet, so the issue's title (once loaded) is the value.
  const [title, setTitle] = useState<string | null>(null);
  const [body, setBody] = useState("");
  const titleValue = title ?? issue.data?.title ?? "";
  const id = (f: string) => `pr-${f}-${execution.id}`;
  return (
    <form
      aria-label="Open pull request"
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        open.mutate({ ...(titleValue.trim() ? { title: titleValue.trim() } : {}), ...(body.trim() ? { body } : {}) });
      }}
    >
      <label htmlFor={id("title")} className="block text-sm font-medium">
        Pull request title
      </label>
      <TextInput id={id("title")} value={titleValue} onChange={(e) => setTitle(e.target.value)} maxLength={256} />
      <label htmlFor={id("body")} className="block text-sm font-medium">
        Pull request body (optional: Arbor writes one from the session)
      </label>
      <TextArea id={id("body")} rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
      {open.error ? <ErrorAlert title="Pull request not opened">{open.error.message}</ErrorAlert> : null}
      <Button type="submit" size="sm" disabled={open.isPending} aria-busy={open.isPending}>
        {open.isPending ? "Opening…" : "Open pull request"}
      </Button>
    </form>
  );
}

/** Something the agent can act on, as the server counts it (server/pulls/review-prompt.ts): comments, a review that said something, failing CI. */
export function reviewToAct(pr: PullRequest): boolean {
  return (
    pr.reviewCommentCount > 0 ||
    pr.reviewComments.length > 0 ||
    pr.reviews.some((r) => r.body.trim() !== "" && r.state !== "APPROVED") ||
    pr.ciStatus === "failure" ||
    pr.checks.some((c) => c.status === "failure")
  );
}

/** Continue the session that wrote the code with the review comments and failing CI. */
function ContinueWithReview({ execution }: { execution: ExecutionDto }) {
  const router = useRouter();
  const cont = useContinueWithReview(execution.id);
  const [note, setNote] = useState("");
  const noteId = `review-note-${execution.id}`;
  return (
    <form
      aria-label="Continue with review"
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        cont.mutate(note, { onSuccess: (created) => router.push(executionHref(created.id)) });
      }}
    >
      <label htmlFor={noteId} className="block text-sm font-medium">
        Your note to add after the review (optional)
      </label>
      <TextArea id={noteId} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
      {cont.error ? <ErrorAlert title="Could not continue">{cont.error.message}</ErrorAlert> : null}
      <Button type="submit" size="sm" disabled={cont.isPending} aria-busy={cont.isPending}>
        {cont.isPending ? "Continuing…" : "Continue with review"}
      </Button>
    </form>
  );
}

/**
 * Push and pull request for a turn with its own worktree and a snapshot (a
 * git project): Push, Open pull request, then the PR read back (state, CI,
 * review comments) and Continue with review. Errors are the server's words
 * (auth, not found, rate limits, a rejected push with git's reason).
 */
export function PullRequestPanel({ execution }: { execution: ExecutionDto }) {
  const eligible = Boolean(execution.worktree?.snapshotSha) && !execution.sharedDirectory;
  const pr = usePullRequest(execution.id, eligible);
  if (!eligible) return null;
  return (
    <section
      aria-labelledby="pull-request-heading"
      data-testid="pull-request-panel"
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="pull-request-heading" className="text-base font-semibold">
        Push and pull request
      </h2>
      <PushRow execution={execution} />
      {pr.isPending ? (
        <p className="text-sm text-zinc-500">Looking for this line&apos;s pull request…</p>
      ) : pr.isError ? (
        <ErrorAlert title="Could not read the pull request">{pr.error.message}</ErrorAlert>
      ) : pr.data ? (
        <>
          <PullRequestDetails pr={pr.data} />
          {pr.data.state === "open" && pr.data.headSha && pr.data.headSha !== execution.worktree?.snapshotSha ? (
            // The comments and CI are about the PR's head; a later turn of the line is not in it until pushed.
            <p data-testid="pr-behind" className="text-xs text-zinc-600 dark:text-zinc-400">
              The pull request is at <code className="font-mono">{pr.data.headSha.slice(0, 10)}</code>, not this turn&apos;s snapshot: Push to update it.
            </p>
          ) : null}
          {reviewToAct(pr.data) ? <ContinueWithReview execution={execution} /> : null}
        </>
      ) : (
        <OpenPullRequestForm execution={execution} />
      )}
    </section>
  );
}
