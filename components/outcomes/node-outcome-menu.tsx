"use client";

import { useEffect, useId, useRef, useState } from "react";
import { VERDICT_LABEL } from "@/components/outcomes/outcome-words";
import { Button } from "@/components/ui/button";
import { shortId } from "@/lib/executions/format";
import { useExecutionOutcome, useMarkExecution } from "@/lib/insights/hooks";
import { cn } from "@/lib/cn";

/**
 * The session tree's menu for one node (the focused one): mark it worked /
 * didn't work, prefer its line at its branching point, or clear. Its outcome
 * is fetched when the menu opens, not for every node the keyboard passes.
 */
export function NodeOutcomeMenu({ executionId }: { executionId: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  return (
    <div ref={root} className="relative inline-flex items-center gap-2 text-xs" data-testid="node-outcome-menu">
      <Button
        size="sm"
        variant="secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        Outcome of #{shortId(executionId)} ▾
      </Button>
      {open ? <OutcomeMenuItems id={menuId} executionId={executionId} onDone={() => setOpen(false)} /> : null}
    </div>
  );
}

function OutcomeMenuItems({ id, executionId, onDone }: { id: string; executionId: string; onDone: () => void }) {
  const outcome = useExecutionOutcome(executionId);
  const { mark, unmark, pending, error } = useMarkExecution(executionId);
  const o = outcome.data;
  const verdict = o?.mark?.verdict ?? null;
  const preferred = o?.preferences.some((p) => p.branchPointId === o.branchPoint?.id && p.state === "preferred") ?? false;
  const notChosen = o?.preferences.some((p) => p.state === "not_chosen") ?? false;
  // Closes once the server agreed; a refusal stays in the menu, said.
  const done = { onSuccess: onDone };
  const item =
    "block w-full px-3 py-1.5 text-left text-sm hover:bg-zinc-100 focus-visible:bg-zinc-100 disabled:opacity-50 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800";
  return (
    <div
      id={id}
      role="menu"
      aria-label={`Outcome of #${shortId(executionId)}`}
      aria-busy={!o}
      className="absolute top-full left-0 z-20 mt-1 w-60 overflow-hidden rounded-md border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
    >
      {outcome.isError ? <p className="px-3 py-1.5 text-red-700 dark:text-red-400">{outcome.error.message}</p> : null}
      {!o ? (
        outcome.isError ? null : (
          <p className="px-3 py-1.5 text-zinc-500">Loading…</p>
        )
      ) : (
        <>
          <p className="px-3 py-1 text-zinc-500">
            {!o.markable ? "Running: mark it once it has finished" : notChosen && !preferred ? "Not chosen at its branching point" : "Did it work?"}
          </p>
          {(["worked", "failed"] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="menuitemradio"
              aria-checked={verdict === v}
              disabled={!o.markable || pending}
              className={cn(item, verdict === v && "font-semibold")}
              onClick={() => mark.mutate({ mark: v }, done)}
            >
              {verdict === v ? "✓ " : ""}
              {VERDICT_LABEL[v]}
            </button>
          ))}
          {o.branchPoint ? (
            <button
              type="button"
              role="menuitemcheckbox"
              aria-checked={preferred}
              disabled={!o.markable || pending}
              className={cn(item, preferred && "font-semibold")}
              onClick={() => (preferred ? unmark.mutate("preferred", done) : mark.mutate({ mark: "preferred" }, done))}
            >
              {preferred ? "✓ " : ""}Preferred {o.branchPoint.line === "fork" ? "fork" : "original"}
            </button>
          ) : null}
          {error ? (
            <p role="alert" className="px-3 py-1.5 text-red-700 dark:text-red-400">
              {error.message}
            </p>
          ) : null}
          {verdict ? (
            <button type="button" role="menuitem" disabled={pending} className={item} onClick={() => unmark.mutate("verdict", done)}>
              Clear mark
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
