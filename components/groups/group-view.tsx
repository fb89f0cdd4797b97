"use client";

import { MemberColumn } from "@/components/groups/member-column";
import { MemberDiff } from "@/components/groups/member-diff";
import { PickControl, PickOutcome } from "@/components/groups/pick-control";
import { Markdown } from "@/components/markdown";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingBlock } from "@/components/ui/states";
import { ExecutionLink, TextLink } from "@/components/ui/text-link";
import { RelativeTime } from "@/components/ui/time";
import { groupIsLive, useCancelGroup, useGroup, usePickMember } from "@/lib/groups/hooks";
import type { GroupDto } from "@/lib/groups/schema";
import { useProjects } from "@/lib/projects/hooks";

/** The base branch a pick may apply to: the group's project's, when it is a git repository. */
function useBaseBranch(group: GroupDto | undefined): string | null {
  const list = useProjects().data;
  if (!group || !list) return null;
  const project = group.projectId ? list.items.find((p) => p.id === group.projectId) : list.defaultWorkspace;
  return project?.isGitRepo ? (project.baseBranch ?? null) : null;
}

/**
 * /groups/GRP-n: one prompt's runs side by side (a column each on wide
 * screens), live while any runs; Pick one (optionally applying it and
 * archiving the others), Cancel the group, and diff any member against the
 * start or another member.
 */
export function GroupView({ id }: { id: string }) {
  const group = useGroup(id);
  const pick = usePickMember(id);
  const cancel = useCancelGroup(id);
  const baseBranch = useBaseBranch(group.data);

  if (group.isPending) return <LoadingBlock label="Loading the group…" />;
  if (group.isError) return <ErrorAlert title={`Could not load ${id}`}>{group.error.message}</ErrorAlert>;
  const g = group.data;
  const live = groupIsLive(g);
  const n = g.members.length;
  const agents = new Set(g.members.map((m) => m.execution.agent)).size;
  return (
    <div className="space-y-6">
      <PageHeader
        breadcrumb={[{ label: g.issueId, href: `/issues/${g.issueId}` }, { label: g.id }]}
        title={`${g.id} · ${n} ${agents > 1 ? "agents" : "runs"}`}
        actions={
          live ? (
            <Button variant="danger" size="sm" disabled={cancel.isPending} aria-busy={cancel.isPending || undefined} onClick={() => cancel.mutate()}>
              {cancel.isPending ? "Cancelling…" : "Cancel group"}
            </Button>
          ) : null
        }
      >
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {g.sourceExecutionId ? (
            <>
              Forks of <ExecutionLink id={g.sourceExecutionId} />
            </>
          ) : (
            <>
              New runs of <TextLink href={`/issues/${g.issueId}`}>{g.issueId}</TextLink>
            </>
          )}
          {g.startSha ? (
            <>
              {" "}
              from <code className="font-mono text-xs">{g.startSha.slice(0, 10)}</code>
            </>
          ) : null}{" "}
          · started <RelativeTime iso={g.createdAt} />
          {g.pickedExecutionId ? (
            <>
              {" "}
              · picked <ExecutionLink id={g.pickedExecutionId} />
            </>
          ) : null}
        </p>
      </PageHeader>
      <details className="rounded-lg border border-zinc-200 bg-white px-4 py-2 dark:border-zinc-800 dark:bg-zinc-900">
        <summary className="cursor-pointer text-sm font-medium">Prompt</summary>
        <Markdown className="mt-2 text-sm">{g.prompt}</Markdown>
      </details>
      {g.queueNote ? (
        <p
          role="status"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-600/30 ring-inset dark:bg-amber-950 dark:text-amber-200"
        >
          {g.queueNote}
        </p>
      ) : null}
      {cancel.error ? <ErrorAlert title="Could not cancel the group">{cancel.error.message}</ErrorAlert> : null}
      {pick.data ? <PickOutcome result={pick.data} /> : null}
      <div
        role="list"
        aria-label={`Members of ${g.id}`}
        // Side by side on wide screens (scrolling sideways past three or four), stacked on narrow ones.
        className="grid gap-4 md:auto-cols-[minmax(18rem,1fr)] md:grid-flow-col md:overflow-x-auto md:pb-2"
      >
        {g.members.map((member) => (
          <div role="listitem" key={member.execution.id} className="min-w-0">
            <MemberColumn
              member={member}
              picked={g.pickedExecutionId === member.execution.id}
              action={
                g.pickedExecutionId === member.execution.id ? null : (
                  <PickControl
                    member={member}
                    baseBranch={baseBranch}
                    pending={pick.isPending && pick.variables?.executionId === member.execution.id}
                    error={pick.error && pick.variables?.executionId === member.execution.id ? pick.error.message : null}
                    onPick={(options) => pick.mutate({ executionId: member.execution.id, ...options })}
                  />
                )
              }
            />
          </div>
        ))}
      </div>
      <MemberDiff group={g} />
      {live ? <p className="text-xs text-zinc-500 dark:text-zinc-400">Updates while members run.</p> : null}
    </div>
  );
}
