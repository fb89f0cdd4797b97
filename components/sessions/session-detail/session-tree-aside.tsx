"use client";

// Beside a session's conversation: the session tree of its issue, where this
// session's turns sit among the others (its forks, the lines it branched from).
import { SessionTreeGraph } from "@/components/session-tree/session-tree-graph";
import { ErrorAlert } from "@/components/ui/alert";
import { LoadingBlock } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { useIssueSessionTree } from "@/lib/executions/hooks";
import { useIssuePullRequests } from "@/lib/pulls/hooks";
import type { SessionDetail } from "@/lib/sessions/schema";

export function SessionTreeAside({ session }: { session: SessionDetail }) {
  const tree = useIssueSessionTree(session.issueId);
  const roots = tree.data?.roots ?? [];
  const pulls = useIssuePullRequests(session.issueId);
  return (
    <aside aria-labelledby="session-tree-heading" className="min-w-0 space-y-2 lg:sticky lg:top-20">
      <h2 id="session-tree-heading" className="text-lg font-semibold">
        Tree
      </h2>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Every turn of{" "}
        <TextLink mono href={`/issues/${session.issueId}`}>
          {session.issueId}
        </TextLink>
        , this session&apos;s among them: select one to open it.
      </p>
      {tree.isPending ? (
        <LoadingBlock label="Loading the tree…" />
      ) : tree.isError ? (
        <ErrorAlert title="Could not load the tree">{tree.error.message}</ErrorAlert>
      ) : roots.length ? (
        <SessionTreeGraph roots={roots} label={`Session tree of ${session.issueId}`} height={420} pullRequests={pulls.data} />
      ) : null}
    </aside>
  );
}
