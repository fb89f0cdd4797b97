"use client";

import Link from "next/link";
import { useState } from "react";
import { ExecutionStatusBadge } from "@/components/executions/execution-status-badge";
import { FollowUpForm } from "@/components/executions/follow-up-form";
import { Button } from "@/components/ui/button";
import { EmptyState, LoadingBlock } from "@/components/ui/states";
import { ErrorAlert } from "@/components/ui/alert";
import type { SessionTreeNode } from "@/lib/execution-types";
import { excerpt, formatCost, shortId } from "@/lib/format-execution";
import { useIssueSessionTree } from "@/lib/hooks/use-executions";

type Row = { node: SessionTreeNode; depth: number };

/** Depth-first rows: a chain (original → continuation → …) stays at one depth, forks indent under their source. */
function flatten(roots: SessionTreeNode[]): Row[] {
  const rows: Row[] = [];
  const stack: Row[] = [...roots].reverse().map((node) => ({ node, depth: 0 }));
  while (stack.length) {
    const row = stack.pop()!;
    rows.push(row);
    const children = [...row.node.children].sort((a, b) => (a.edge === b.edge ? 0 : a.edge === "continue" ? 1 : -1));
    // Forks first (indented), then the continuation (same depth), so a chain reads top to bottom.
    for (const child of children.reverse()) stack.push({ node: child, depth: child.edge === "fork" ? row.depth + 1 : row.depth });
  }
  return rows;
}

function HistoryRow({ node, depth }: Row) {
  const [open, setOpen] = useState(false);
  return (
    <li className="py-2" style={{ paddingLeft: `${depth * 1.5}rem` }}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {node.edge === "fork" ? (
          <span className="rounded border border-violet-300 px-1 text-[10px] font-semibold uppercase text-violet-700 dark:border-violet-700 dark:text-violet-300">fork</span>
        ) : (
          <span aria-hidden="true" className="text-zinc-400">{node.edge === "continue" ? "↳" : "●"}</span>
        )}
        <Link href={`/executions/${node.id}`} className="font-mono font-medium text-emerald-700 hover:underline dark:text-emerald-400">
          #{shortId(node.id)}
        </Link>
        <ExecutionStatusBadge status={node.status} />
        {node.isHead && node.sessionId ? <span className="rounded bg-emerald-100 px-1.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200">head</span> : null}
        <span className="min-w-0 flex-1 truncate text-zinc-700 dark:text-zinc-300" title={node.prompt}>{excerpt(node.prompt, 70)}</span>
        <span className="font-mono text-xs text-zinc-500" title={node.sessionId ?? undefined}>session {shortId(node.sessionId)}</span>
        <span className="text-xs text-zinc-500">{formatCost(node.usage?.costUsd)}</span>
        <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Close" : "Continue / Fork"}
        </Button>
      </div>
      {open ? (
        <div className="mt-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
          <FollowUpForm execution={node} />
        </div>
      ) : null}
    </li>
  );
}

/** The issue's execution history as chains with forks indented under their source. */
export function ExecutionHistory({ issueId }: { issueId: string }) {
  const { data, error, isPending } = useIssueSessionTree(issueId, { live: true });
  if (isPending) return <LoadingBlock label="Loading executions…" />;
  if (error) return <ErrorAlert>{error.message}</ErrorAlert>;
  const rows = flatten(data.roots);
  if (rows.length === 0) return <EmptyState title="No executions yet">Run an agent on this issue to start its first session.</EmptyState>;
  return (
    <ol aria-label="Execution history" className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white px-3 dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
      {rows.map((row) => (
        <HistoryRow key={row.node.id} {...row} />
      ))}
    </ol>
  );
}
