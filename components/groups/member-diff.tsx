"use client";

import { useState } from "react";
import { CompareDiffPanel } from "@/components/diff/compare-diff-panel";
import { LazyDiffViewer, usePreloadDiffViewer } from "@/components/diff/lazy-diff-viewer";
import { ErrorAlert } from "@/components/ui/alert";
import { controlClasses } from "@/components/ui/field";
import { LoadingBlock } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { agentName } from "@/lib/agents/names";
import { useExecutionDiff } from "@/lib/diff/hooks";
import { shortId } from "@/lib/executions/format";
import type { GroupDto, GroupMember } from "@/lib/groups/schema";
import { compareHref } from "@/lib/hrefs";

const START = "start";

function memberLabel(m: GroupMember): string {
  return `#${shortId(m.execution.id)} ${agentName(m.execution.agent)}${m.execution.model ? ` (${m.execution.model})` : ""}`;
}

/** A member's own diff: the group's start commit (the source's snapshot, for forks) → its snapshot. */
function OwnDiff({ member }: { member: GroupMember }) {
  const e = member.execution;
  const hasSnapshot = Boolean(e.worktree?.snapshotSha && e.worktree.startSha);
  const diff = useExecutionDiff(e.id, hasSnapshot);
  usePreloadDiffViewer(hasSnapshot);
  if (!hasSnapshot) return <p className="text-sm text-zinc-600 dark:text-zinc-400">#{shortId(e.id)} has no snapshot yet: its diff appears when it ends.</p>;
  if (diff.isPending) return <LoadingBlock label="Loading the diff…" />;
  if (diff.isError) return <ErrorAlert title="Could not load the diff">{diff.error.message}</ErrorAlert>;
  return <LazyDiffViewer diff={diff.data} label={`Files changed by #${shortId(e.id)}`} anchorPrefix="group-diff" />;
}

/**
 * The diff of one member against where they all started (the source) or
 * against another member, reusing the diff views; two members also open on
 * the compare page.
 */
export function MemberDiff({ group }: { group: GroupDto }) {
  const members = group.members;
  const [of, setOf] = useState(members[0]?.execution.id ?? "");
  const [against, setAgainst] = useState(START);
  const member = members.find((m) => m.execution.id === of) ?? members[0];
  if (!member) return null;
  const other = against === START ? null : against === member.execution.id ? null : against;
  const startName = group.sourceExecutionId ? `the source #${shortId(group.sourceExecutionId)}` : "the start commit";
  return (
    <section aria-labelledby="group-diff-heading" className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <h2 id="group-diff-heading" className="text-base font-semibold">
        Diff
      </h2>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label className="space-y-1">
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">Diff of</span>
          <select
            value={member.execution.id}
            onChange={(ev) => setOf(ev.target.value)}
            className={`${controlClasses} h-9 border-zinc-300 dark:border-zinc-700`}
          >
            {members.map((m) => (
              <option key={m.execution.id} value={m.execution.id}>
                {memberLabel(m)}
              </option>
            ))}
          </select>
        </label>
        <label className="space-y-1">
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">against</span>
          <select
            value={other ?? START}
            onChange={(ev) => setAgainst(ev.target.value)}
            className={`${controlClasses} h-9 border-zinc-300 dark:border-zinc-700`}
          >
            <option value={START}>{startName}</option>
            {members
              .filter((m) => m.execution.id !== member.execution.id)
              .map((m) => (
                <option key={m.execution.id} value={m.execution.id}>
                  {memberLabel(m)}
                </option>
              ))}
          </select>
        </label>
        {other ? (
          <TextLink underline href={compareHref(other, member.execution.id)}>
            Open on the compare page
          </TextLink>
        ) : null}
      </div>
      {/* Against another member: its snapshot → this member's (what this one has that that one has not). */}
      {other ? <CompareDiffPanel key={`${other}|${member.execution.id}`} a={other} b={member.execution.id} /> : <OwnDiff member={member} />}
    </section>
  );
}
