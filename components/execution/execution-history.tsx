"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent, type Key } from "react";
import { HistoryRowContent, useActionsByAgent } from "@/components/execution/history-row";
import { useHistoryWindow } from "@/components/execution/use-history-window";
import { ErrorAlert } from "@/components/ui/alert";
import { Button, LinkButton } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { cn } from "@/lib/cn";
import type { SessionTreeNode } from "@/lib/executions/schema";
import { shortId } from "@/lib/executions/format";
import type { FollowUpMode } from "@/lib/executions/hooks";
import { compareHref } from "@/lib/hrefs";
import { historyRows, type HistoryPreview, type HistoryRow } from "@/lib/executions/history-rows";

/** The row a `#exec-<execution id>` address points at, or null. */
export function execIdFromHash(hash: string): string | null {
  return /^#exec-([0-9a-f-]{8,})$/i.exec(hash)?.[1] ?? null;
}

/**
 * An issue's execution history as chains with forks indented under their
 * source; pick two rows to compare. A long list renders only the rows near
 * the window (useHistoryWindow), each saying where it stands in the whole
 * (aria-posinset / aria-setsize); `#exec-<id>` in the address scrolls to
 * that row and marks it.
 *
 * `preview`: the list's first rows as the page's HTML drew them, shown
 * until `roots` are in (the rows in the document's flow: the server cannot
 * measure them, and rows placed by estimate would overlap or leave gaps).
 * The same component then draws the whole list, so a row ticked or a form
 * opened meanwhile stays so; if the executions cannot be loaded, the preview
 * stays under the error.
 */
export function ExecutionHistory({ roots, preview, error }: { roots: SessionTreeNode[]; preview?: HistoryPreview | null; error?: Error | null }) {
  const [selected, setSelected] = useState<string[]>([]);
  const onSelect = useCallback((id: string, on: boolean) => {
    setSelected((prev) => (on ? [...prev.filter((x) => x !== id), id].slice(-2) : prev.filter((x) => x !== id)));
  }, []);
  // Which rows have a follow-up form open: the list's state, so a row that scrolls away and back keeps it.
  const [openForms, setOpenForms] = useState<ReadonlyMap<string, FollowUpMode>>(new Map());
  const onToggle = useCallback((id: string, mode: FollowUpMode) => {
    setOpenForms((prev) => {
      const next = new Map(prev);
      if (prev.get(id) === mode) next.delete(id);
      else next.set(id, mode);
      return next;
    });
  }, []);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [highlight, setHighlight] = useState<string | null>(null);
  const actionsOf = useActionsByAgent();
  const rows = useMemo(() => preview?.rows ?? historyRows(roots), [preview, roots]);
  const setSize = preview?.total ?? rows.length;
  const keys = useMemo(() => rows.map((r) => r.node.id), [rows]);
  const indexOf = useMemo(() => new Map(keys.map((id, i) => [id, i])), [keys]);
  const pinned = [...openForms.keys(), ...(focusedId ? [focusedId] : [])].map((id) => indexOf.get(id)).filter((i) => i !== undefined);
  const listRef = useRef<HTMLOListElement>(null);
  const { virtualizer, scrollMargin } = useHistoryWindow({ listRef, keys, pinned });

  // `#exec-<id>`: on load, when the address changes, and when the row arrives (a run started elsewhere).
  const pendingAnchor = useRef<string | null>(null);
  const indexOfRef = useRef(indexOf);
  indexOfRef.current = indexOf;
  // The preview's rows are not the virtualizer's: an anchor waits for the whole list.
  const previewing = useRef(Boolean(preview));
  previewing.current = Boolean(preview);
  const scrollToAnchor = useCallback(() => {
    const id = pendingAnchor.current;
    const index = id === null || previewing.current ? undefined : indexOfRef.current.get(id);
    if (index === undefined) return;
    pendingAnchor.current = null;
    virtualizer.scrollToIndex(index, { align: "center" });
  }, [virtualizer]);
  useEffect(() => {
    const apply = () => {
      const id = execIdFromHash(window.location.hash);
      pendingAnchor.current = id;
      setHighlight(id);
      scrollToAnchor();
    };
    apply();
    window.addEventListener("hashchange", apply);
    return () => window.removeEventListener("hashchange", apply);
  }, [scrollToAnchor]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new row or a moved list is when a pending anchor can be reached.
  useEffect(scrollToAnchor, [scrollToAnchor, indexOf, scrollMargin]);

  // The row holding focus stays rendered while it does (the window may scroll away from it).
  const onFocus = (event: FocusEvent<HTMLOListElement>) => {
    const id = (event.target as HTMLElement).closest("li")?.getAttribute("data-execution-id") ?? null;
    if (id !== focusedId) setFocusedId(id);
  };
  const onBlur = (event: FocusEvent<HTMLOListElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedId(null);
  };

  /** One row's <li>: placed by the virtualizer (`placed`), or in the document's flow (the preview). */
  const item = ({ node, depth }: HistoryRow, index: number, placed?: { key: Key; top: number }) => (
    <li
      key={placed?.key ?? node.id}
      // The preview's rows are measured too (by key): the whole list then opens at their real heights, not its estimate.
      ref={virtualizer.measureElement}
      data-index={index}
      data-execution-id={node.id}
      id={`exec-${node.id}`}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      className={cn(
        "w-full py-2.5 pr-3",
        placed ? "absolute left-0 top-0" : "",
        index > 0 ? "border-t border-zinc-100 dark:border-zinc-800" : "",
        highlight === node.id ? "rounded-md bg-amber-50 ring-2 ring-amber-400 dark:bg-amber-950/40 dark:ring-amber-600" : "",
      )}
      style={{ transform: placed ? `translateY(${placed.top}px)` : undefined, paddingLeft: `${0.75 + depth * 1.25}rem` }}
    >
      <HistoryRowContent
        node={node}
        depth={depth}
        selected={selected.includes(node.id)}
        onSelect={onSelect}
        agent={actionsOf(node.agent)}
        open={openForms.get(node.id) ?? null}
        onToggle={onToggle}
      />
    </li>
  );

  const failed = error ? <ErrorAlert title="Could not load executions">{error.message}</ErrorAlert> : null;
  // With a preview the rows it drew stay under the error: what the page showed is not taken away.
  if (failed && !preview) return failed;
  if (rows.length === 0) return <EmptyState title="No executions yet">Run an agent on this issue to start its first session.</EmptyState>;
  return (
    <div className="space-y-2">
      {failed}
      <div className="rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
        <ol
          ref={listRef}
          aria-label="Execution history"
          onFocus={onFocus}
          onBlur={onBlur}
          className="relative"
          // The virtualizer keeps the rows in view steady when rows above change size; the browser's own anchoring would move them twice.
          style={preview ? undefined : { height: virtualizer.getTotalSize(), overflowAnchor: "none" }}
        >
          {preview
            ? rows.map((row, index) => item(row, index))
            : virtualizer.getVirtualItems().map((virtual) => item(rows[virtual.index], virtual.index, { key: virtual.key, top: virtual.start - scrollMargin }))}
        </ol>
      </div>
      {selected.length ? (
        <div className="sticky bottom-2 z-[2] flex flex-wrap items-center gap-2 rounded-md border border-violet-300 bg-violet-50/95 px-3 py-2 text-sm shadow-md backdrop-blur dark:border-violet-800 dark:bg-violet-950/90">
          <span className="text-zinc-700 dark:text-zinc-300" aria-live="polite">
            {selected.length === 1
              ? `#${shortId(selected[0])} selected: tick one more to compare.`
              : `#${shortId(selected[0])} and #${shortId(selected[1])} selected.`}
          </span>
          {selected.length === 2 ? (
            <LinkButton size="sm" href={compareHref(selected[0], selected[1])}>
              Compare
            </LinkButton>
          ) : (
            <Button size="sm" disabled>
              Compare
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setSelected([])}>
            Clear
          </Button>
        </div>
      ) : (
        <p className="px-1 text-xs text-zinc-500">Tick two executions to compare them side by side.</p>
      )}
    </div>
  );
}
