"use client";

// Which subtrees of the session tree are folded away.
import { useCallback, useState } from "react";
import type { SessionTreeNode } from "@/lib/executions/tree-schema";
import { flattenTree } from "@/lib/executions/session-tree";

export function useFolds(roots: SessionTreeNode[]) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());

  const toggleFold = useCallback((id: string) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  /** Folds every fork that has turns after it. */
  const foldForks = useCallback(() => {
    const forks = flattenTree(roots).filter((n) => n.edge === "fork" && n.children.length > 0);
    setCollapsed((prev) => new Set([...prev, ...forks.map((n) => n.id)]));
  }, [roots]);

  const unfold = useCallback((ids: readonly string[]) => {
    setCollapsed((prev) => new Set([...prev].filter((id) => !ids.includes(id))));
  }, []);

  const unfoldAll = useCallback(() => setCollapsed(new Set()), []);

  return { collapsed, toggleFold, foldForks, unfold, unfoldAll };
}
