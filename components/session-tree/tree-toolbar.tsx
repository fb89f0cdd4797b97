"use client";

// The session tree's controls (above the picture), the compare bar and the legend (below it).
import { Button, LinkButton } from "@/components/ui/button";
import { shortId } from "@/lib/executions/format";
import { compareHref } from "@/lib/hrefs";
import { EDGE_LOOK, STATUS_FILL } from "./graph-node";

export function TreeToolbar({
  controls,
  compareMode,
  onLoadLatest,
  onToggleCompare,
  onZoomStep,
  onFit,
  onFoldForks,
  canFoldForks,
  onUnfoldAll,
  canUnfold,
  shown,
  total,
  zoom,
}: {
  /** Id of the viewport the toolbar controls. */
  controls: string;
  compareMode: boolean;
  onLoadLatest: () => void;
  onToggleCompare: () => void;
  onZoomStep: (factor: number) => void;
  onFit: () => void;
  onFoldForks: () => void;
  canFoldForks: boolean;
  onUnfoldAll: () => void;
  canUnfold: boolean;
  shown: number;
  total: number;
  /** The current zoom (1 = 100%), once the view is set. */
  zoom: number | null;
}) {
  return (
    <div role="toolbar" aria-label="Session tree controls" aria-controls={controls} className="flex flex-wrap items-center gap-1.5">
      <Button size="sm" variant="secondary" onClick={onLoadLatest} title="Centre the most recent head (L)">
        Load latest
      </Button>
      <Button size="sm" variant={compareMode ? "primary" : "secondary"} aria-pressed={compareMode} onClick={onToggleCompare}>
        Compare forks
      </Button>
      <span className="mx-1 hidden h-5 w-px bg-zinc-200 sm:inline-block dark:bg-zinc-700" aria-hidden="true" />
      <Button size="sm" variant="ghost" aria-label="Zoom in" title="Zoom in (+)" onClick={() => onZoomStep(1.25)}>
        +
      </Button>
      <Button size="sm" variant="ghost" aria-label="Zoom out" title="Zoom out (−)" onClick={() => onZoomStep(0.8)}>
        −
      </Button>
      <Button size="sm" variant="ghost" onClick={onFit} title="Fit the whole tree (0)">
        Fit
      </Button>
      <Button size="sm" variant="ghost" onClick={onFoldForks} disabled={!canFoldForks}>
        Fold forks
      </Button>
      <Button size="sm" variant="ghost" onClick={onUnfoldAll} disabled={!canUnfold}>
        Unfold all
      </Button>
      <span className="ml-auto text-xs text-zinc-500" aria-live="polite">
        {shown === total ? `${total} executions` : `${shown} of ${total} shown`}
        {zoom != null ? ` · ${Math.round(zoom * 100)}%` : ""}
      </span>
    </div>
  );
}

/** Compare mode: which two executions are picked, and the link to compare them. */
export function CompareBar({ selected, onDone }: { selected: readonly string[]; onDone: () => void }) {
  const pair = selected.length === 2 ? selected : null;
  return (
    <div
      role="region"
      aria-label="Compare"
      className="flex flex-wrap items-center gap-2 rounded-md border border-violet-300 bg-violet-50 px-3 py-2 text-sm dark:border-violet-800 dark:bg-violet-950/50"
    >
      <span>
        {pair ? (
          <>
            Compare <span className="font-mono">#{shortId(pair[0])}</span> with <span className="font-mono">#{shortId(pair[1])}</span>
          </>
        ) : (
          `Select two executions in the tree (${selected.length} of 2)`
        )}
      </span>
      {pair ? (
        <LinkButton size="sm" href={compareHref(pair[0], pair[1])}>
          Open comparison
        </LinkButton>
      ) : null}
      <Button size="sm" variant="ghost" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

export function TreeLegend() {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-zinc-500" aria-label="Legend">
      {(["continue", "fork", "restarted"] as const).map((edge) => (
        <span key={edge} className="flex items-center gap-1.5">
          <svg width="28" height="6" aria-hidden="true">
            <path d="M0,3H28" className={EDGE_LOOK[edge].stroke} strokeWidth={2} strokeDasharray={EDGE_LOOK[edge].dash} />
          </svg>
          {edge === "restarted" ? "restart" : edge}
        </span>
      ))}
      <span className="flex items-center gap-1.5">
        <svg width="16" height="16" aria-hidden="true">
          <circle cx="8" cy="8" r="4" className="fill-emerald-500" />
          <circle cx="8" cy="8" r="6.5" className="fill-none stroke-emerald-600" strokeWidth={2} />
        </svg>
        head
      </span>
      {(["running", "completed", "failed", "interrupted", "queued"] as const).map((s) => (
        <span key={s} className="flex items-center gap-1">
          <svg width="10" height="10" aria-hidden="true">
            <circle cx="5" cy="5" r="4.5" className={STATUS_FILL[s]} />
          </svg>
          {s}
        </span>
      ))}
      <span className="hidden sm:inline">· Scroll to zoom, drag to pan, Space folds</span>
    </div>
  );
}
