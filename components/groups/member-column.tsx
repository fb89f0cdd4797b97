"use client";

import type { ReactNode } from "react";
import { DiffFileList, LineCounts } from "@/components/diff/diff-stat";
import { CheckBadge } from "@/components/checks/check-badge";
import { Markdown } from "@/components/markdown";
import { ExecutionStatusBadge } from "@/components/ui/execution-status-badge";
import { ExecutionLink } from "@/components/ui/text-link";
import { cn } from "@/lib/cn";
import { agentName } from "@/lib/agents/names";
import { useExecutionDiff } from "@/lib/diff/hooks";
import { formatCost, formatDuration, formatTokens } from "@/lib/executions/format";
import type { GroupMember } from "@/lib/groups/schema";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-2 py-0.5">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="text-right font-mono text-sm tabular-nums">{children}</dd>
    </div>
  );
}

/** The files it changed (start → snapshot) with +/−, once it has a snapshot. */
function MemberFiles({ member }: { member: GroupMember }) {
  const e = member.execution;
  const hasSnapshot = Boolean(e.worktree?.snapshotSha && e.worktree.startSha);
  const diff = useExecutionDiff(e.id, hasSnapshot);
  const changes = e.worktree?.changes;
  if (e.sharedDirectory) return <p className="text-xs text-zinc-500">Ran in the shared directory: its changes were not recorded apart.</p>;
  if (!hasSnapshot)
    return <p className="text-xs text-zinc-500">{e.status === "queued" || e.status === "running" ? "Files show when it ends." : "No snapshot."}</p>;
  if (changes?.files === 0) return <p className="text-xs text-zinc-500">No files changed.</p>;
  return (
    <div className="space-y-1">
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {changes ? (
          <>
            {changes.files} file{changes.files === 1 ? "" : "s"} <LineCounts additions={changes.additions} deletions={changes.deletions} />
          </>
        ) : null}
      </p>
      {diff.data ? (
        diff.data.files.length ? (
          <DiffFileList files={diff.data.files} label={`Files changed by #${e.id.slice(0, 8)}`} anchorPrefix={`member-${e.id.slice(0, 8)}`} />
        ) : (
          <p className="text-xs text-zinc-500">No files changed.</p>
        )
      ) : diff.isError ? (
        <p className="text-xs text-zinc-500">{diff.error.message}</p>
      ) : null}
    </div>
  );
}

/**
 * One member of a group, as a column beside the others: status, agent and
 * model, its final answer, files with +/−, tokens, cost and times, whether
 * it is the pick or archived, and its Pick control.
 */
export function MemberColumn({ member, picked, action }: { member: GroupMember; picked: boolean; action: ReactNode }) {
  const e = member.execution;
  const tokens = e.usage && (e.usage.inputTokens != null || e.usage.outputTokens != null) ? e.usage : null;
  return (
    <article
      aria-label={`${agentName(e.agent)}${e.model ? ` (${e.model})` : ""}, #${e.id.slice(0, 8)}`}
      data-member={e.id}
      className={cn(
        "flex min-w-0 flex-col gap-3 rounded-lg border bg-white p-3 dark:bg-zinc-900",
        picked ? "border-emerald-500 ring-2 ring-emerald-500/40" : "border-zinc-200 dark:border-zinc-800",
        member.archived ? "opacity-70" : "",
      )}
    >
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-sm font-semibold">{agentName(e.agent)}</h2>
          {e.model ? <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs dark:bg-zinc-800">{e.model}</code> : null}
          <ExecutionStatusBadge status={e.status} refusedActions={e.refusedActions} waiting={Boolean(e.waitingFor)} />
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          <ExecutionLink id={e.id} />
          {picked ? <span className="font-semibold text-emerald-700 dark:text-emerald-400">Picked</span> : null}
          {member.archived ? <span title="Its worktree was removed; its branch and snapshot are kept">Archived</span> : null}
          {member.queuedBehind != null ? <span>waits behind {member.queuedBehind}</span> : null}
        </div>
        {e.check ? (
          // Each member's snapshot checked by the project's command: which one works, before picking.
          <p data-slot="member-check" className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
            <CheckBadge check={e.check} />
            {e.check.status === "running" ? null : <span>{e.check.summary}</span>}
          </p>
        ) : null}
        {e.error ? <p className="text-xs text-red-700 dark:text-red-400">{e.error.message}</p> : null}
      </header>
      <section aria-label="Final answer" className="max-h-80 min-h-16 overflow-y-auto rounded border border-zinc-100 p-2 dark:border-zinc-800">
        {member.finalAnswer ? (
          <Markdown className="text-sm">{member.finalAnswer}</Markdown>
        ) : (
          <p className="text-sm text-zinc-500">{e.status === "queued" || e.status === "running" ? "No answer yet…" : "No final answer."}</p>
        )}
      </section>
      <section aria-label="Files changed">
        <MemberFiles member={member} />
      </section>
      <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
        <Fact label="Tokens">{tokens ? `${formatTokens(tokens.inputTokens)} in / ${formatTokens(tokens.outputTokens)} out` : "—"}</Fact>
        <Fact label="Cost">{formatCost(e.usage?.costUsd)}</Fact>
        <Fact label="First output">{formatDuration(member.timeToFirstOutputMs)}</Fact>
        <Fact label="Total time">{formatDuration(member.totalMs)}</Fact>
      </dl>
      <div className="mt-auto">{action}</div>
    </article>
  );
}
