"use client";

import { useMemo } from "react";
import type { SessionTreeNode } from "@/lib/executions/tree-schema";
import { flattenTree } from "@/lib/executions/session-tree";
import type { PullRequestListItem } from "@/lib/pulls/schema";

/**
 * Which nodes carry a PR marker: a PR belongs to a line of work (its worktree
 * branch); the marker goes on the turn it was opened from and on the line's
 * head, not on every turn of the line (a long line would be all markers).
 */
export function useLinePullRequests(roots: SessionTreeNode[], items: PullRequestListItem[] | undefined): Map<string, PullRequestListItem> {
  return useMemo(() => {
    const byNode = new Map<string, PullRequestListItem>();
    if (!items?.length) return byNode;
    const byBranch = new Map(items.map((pr) => [pr.branch, pr]));
    for (const node of flattenTree(roots)) {
      const pr = node.worktree?.branch ? byBranch.get(node.worktree.branch) : undefined;
      if (pr && (node.isHead || node.id === pr.executionId)) byNode.set(node.id, pr);
    }
    return byNode;
  }, [roots, items]);
}
