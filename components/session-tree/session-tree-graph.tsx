"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent } from "react";
import type { SessionTreeNode } from "@/lib/executions/tree-schema";
import type { PullRequestListItem } from "@/lib/pulls/schema";
import { executionHref } from "@/lib/hrefs";
import { ancestorIds, defaultComparePair, groupsInTree, latestHead } from "@/lib/executions/session-tree";
import { descendantCounts, layoutSessionTree, type LaidOutNode } from "@/lib/executions/session-tree-layout";
import { NodeOutcomeMenu } from "@/components/outcomes/node-outcome-menu";
import { GraphLinks, GraphNode, Tooltip } from "./graph-node";
import { GroupLinks, GroupMarkers, groupHref } from "./group-markers";
import { CompareBar, TreeLegend, TreeToolbar } from "./tree-toolbar";
import { usePanZoom } from "./use-pan-zoom";
import { useFolds } from "./use-folds";
import { useLinePullRequests } from "./use-line-pull-requests";
import { useTreeKeyboard } from "./use-tree-keyboard";
import { inWindow, isNearlyOffscreen, LABEL_K } from "./viewport";

export type SessionTreeGraphProps = {
  roots: SessionTreeNode[];
  /** For the accessible name: "Session tree of ISSUE-7". */
  label?: string;
  height?: number;
  /** The issue's pull requests (GET /api/issues/:id/pull-requests): markers on their lines' nodes. */
  pullRequests?: PullRequestListItem[];
};

/** The id of the node an event happened on (or inside), if any. */
function nodeIdOf(target: EventTarget | null): string | null {
  const el = (target as Element | null)?.closest?.("[data-node-id]");
  return el?.getAttribute("data-node-id") ?? null;
}

/** Small trees get a small canvas, big ones a tall one, never taller than most of a phone's screen. */
function canvasHeight(treeHeight: number): number {
  const wanted = Math.min(560, Math.max(240, treeHeight + 160));
  // The tree only renders in the browser; `window` is missing only in a server render.
  return Math.round(typeof window === "undefined" ? wanted : Math.min(wanted, Math.max(240, window.innerHeight * 0.65)));
}

/**
 * The session tree as a picture: d3-hierarchy's tidy tree, continue edges
 * solid, fork edges dashed violet, heads ringed, dots coloured by status.
 * Hover or focus shows prompt, cost and time; click or Enter opens the
 * execution. Wheel or pinch zooms, drag pans, buttons and keys do both.
 * Subtrees fold. Only what is in (or near) view is rendered, so a
 * thousand-node tree pans smoothly.
 */
export function SessionTreeGraph({ roots, label = "Session tree", height: fixedHeight, pullRequests }: SessionTreeGraphProps) {
  const router = useRouter();
  const uid = useId();
  const tipId = `${uid}-tip`;
  const helpId = `${uid}-help`;
  const svgRef = useRef<SVGSVGElement>(null);

  const { collapsed, toggleFold, foldForks, unfold, unfoldAll } = useFolds(roots);
  const counts = useMemo(() => descendantCounts(roots), [roots]);
  const layout = useMemo(() => layoutSessionTree(roots, collapsed, counts), [roots, collapsed, counts]);
  const groups = useMemo(() => groupsInTree(roots), [roots]);
  const pulls = useLinePullRequests(roots, pullRequests);
  // Fixed once shown, so folds do not make the canvas jump.
  const [height] = useState(() => fixedHeight ?? canvasHeight(layout.bounds.maxY - layout.bounds.minY));
  const camera = usePanZoom(layout);
  const { view, size, centerOn, currentView } = camera;

  const [activeId, setActiveId] = useState<string | null>(null);
  const [tip, setTip] = useState<string | null>(null);
  const [flashId, setFlashId] = useState<string | null>(null);
  const [compareMode, setCompareMode] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const pendingCenter = useRef<string | null>(null);
  const focusRequest = useRef<string | null>(null);

  /** Centre a node at 100% or more, make it the active one and focus it. */
  const bringIntoFocus = useCallback(
    (n: LaidOutNode) => {
      centerOn(n, Math.max(currentView()?.k ?? 1, 1));
      focusRequest.current = n.id;
      setActiveId(n.id);
    },
    [centerOn, currentView],
  );

  // Centre (and focus) a node once the layout that shows it is in place.
  useEffect(() => {
    const n = pendingCenter.current ? layout.byId.get(pendingCenter.current) : undefined;
    if (!n) return;
    pendingCenter.current = null;
    bringIntoFocus(n);
  }, [layout, bringIntoFocus]);

  useEffect(() => {
    const id = focusRequest.current;
    if (!id) return;
    focusRequest.current = null;
    svgRef.current?.querySelector<SVGGElement>(`[data-node-id="${id}"]`)?.focus({ preventScroll: true });
  });

  useEffect(() => {
    if (!flashId) return;
    const t = setTimeout(() => setFlashId(null), 2_500);
    return () => clearTimeout(t);
  }, [flashId]);

  // One node is always the tab stop: the first, until another is chosen or folds hide it.
  useEffect(() => {
    if (!activeId || !layout.byId.has(activeId)) setActiveId(layout.nodes[0]?.id ?? null);
  }, [layout, activeId]);

  const toggleSelected = useCallback((id: string) => {
    setSelected((prev) => (prev.includes(id) ? prev.filter((x) => x !== id) : [...prev, id].slice(-2)));
  }, []);

  const open = useCallback(
    (id: string, newTab = false) => {
      const href = executionHref(id);
      if (newTab) window.open(href, "_blank", "noopener");
      else router.push(href);
    },
    [router],
  );

  /** Unfold what hides the most recent head, centre it, focus it and flash it. */
  const loadLatest = useCallback(() => {
    const head = latestHead(roots);
    if (!head) return;
    setFlashId(head.id);
    const hiders = (ancestorIds(roots, head.id) ?? []).filter((id) => collapsed.has(id));
    const n = layout.byId.get(head.id);
    if (n && hiders.length === 0) {
      bringIntoFocus(n);
      return;
    }
    // Centred by the effect above, once the unfolded layout shows it.
    pendingCenter.current = head.id;
    unfold(hiders);
  }, [roots, collapsed, layout, bringIntoFocus, unfold]);

  const toggleCompare = () => {
    if (!compareMode) setSelected(defaultComparePair(roots) ?? []);
    setCompareMode(!compareMode);
  };

  const zoomStep = (factor: number) => camera.zoomBy(factor, undefined, 150);

  const moveTo = (n: LaidOutNode | null | undefined) => {
    if (!n) return;
    setActiveId(n.id);
    setTip(n.id);
    focusRequest.current = n.id;
    const v = currentView();
    if (v && size && isNearlyOffscreen(v, n, size)) centerOn(n, v.k, 200);
  };

  const onKeyDown = useTreeKeyboard({
    layout,
    activeId,
    compareMode,
    isOnNode: (target) => Boolean(nodeIdOf(target)),
    actions: {
      pan: camera.pan,
      zoomStep,
      fit: camera.fit,
      loadLatest,
      dismiss: () => {
        setTip(null);
        setCompareMode(false);
      },
      moveTo,
      toggleFold,
      toggleSelected,
      open,
    },
  });

  // Node clicks, delegated from the svg.
  const onClick = (event: ReactMouseEvent<SVGSVGElement>) => {
    if (camera.endsDrag()) return;
    const toggle = (event.target as Element).closest?.("[data-toggle]");
    if (toggle) {
      toggleFold(toggle.getAttribute("data-toggle")!);
      return;
    }
    const group = (event.target as Element).closest?.("[data-group-id]")?.getAttribute("data-group-id");
    if (group) {
      router.push(groupHref(group));
      return;
    }
    const id = nodeIdOf(event.target);
    if (!id) return;
    setActiveId(id);
    if (compareMode) toggleSelected(id);
    else open(id, event.metaKey || event.ctrlKey);
  };

  const labels = (view?.k ?? 1) >= LABEL_K;
  const rendered = useMemo(
    () => inWindow(layout, camera.win, (id) => id === activeId || id === flashId || selected.includes(id)),
    [layout, camera.win, activeId, flashId, selected],
  );

  // Built once per change of what is shown, not per frame of a pan or zoom.
  const nodeElements = useMemo(
    () =>
      rendered.nodes.map((n) => (
        <GraphNode
          key={n.id}
          n={n}
          labels={labels}
          active={n.id === activeId}
          selected={selected.includes(n.id)}
          flash={n.id === flashId}
          describedBy={tip === n.id ? tipId : undefined}
          compareMode={compareMode}
          pr={pulls.get(n.id)}
        />
      )),
    [rendered.nodes, labels, activeId, selected, flashId, tip, tipId, compareMode, pulls],
  );

  const tipNode = tip ? layout.byId.get(tip) : undefined;
  const forkCount = useMemo(() => layout.links.filter((l) => l.edge === "fork").length, [layout]);

  return (
    <div className="space-y-2">
      <TreeToolbar
        controls={`${uid}-viewport`}
        compareMode={compareMode}
        onLoadLatest={loadLatest}
        onToggleCompare={toggleCompare}
        onZoomStep={zoomStep}
        onFit={camera.fit}
        onFoldForks={foldForks}
        canFoldForks={forkCount > 0}
        onUnfoldAll={unfoldAll}
        canUnfold={collapsed.size > 0}
        shown={layout.nodes.length}
        total={layout.total}
        zoom={view?.k ?? null}
      />

      {activeId && !compareMode ? <NodeOutcomeMenu key={activeId} executionId={activeId} /> : null}

      <GroupLinks groups={groups} />

      {compareMode ? <CompareBar selected={selected} onDone={() => setCompareMode(false)} /> : null}

      <div
        id={`${uid}-viewport`}
        ref={camera.viewportRef}
        {...camera.pointerHandlers}
        onKeyDown={onKeyDown}
        className="relative touch-none select-none overflow-hidden rounded-lg border border-zinc-200 bg-white bg-[radial-gradient(circle,rgb(228_228_231)_1px,transparent_1px)] [background-size:20px_20px] dark:border-zinc-800 dark:bg-zinc-900 dark:bg-[radial-gradient(circle,rgb(39_39_42)_1px,transparent_1px)]"
        style={{ height }}
        data-testid="session-tree-graph"
        data-ready={view ? "true" : undefined}
      >
        <svg
          ref={svgRef}
          role="tree"
          aria-label={label}
          aria-describedby={helpId}
          className="block h-full w-full"
          onClick={onClick}
          onPointerOver={(event) => {
            if (!camera.isPointerDown()) setTip(nodeIdOf(event.target));
          }}
          onPointerLeave={() => setTip(null)}
          onFocus={(event) => {
            const id = nodeIdOf(event.target);
            if (id) {
              setActiveId(id);
              setTip(id);
            }
          }}
          onBlur={() => setTip(null)}
        >
          {view ? (
            <g role="none" transform={`translate(${view.x},${view.y}) scale(${view.k})`}>
              <GraphLinks links={rendered.links} />
              {groups.length ? <GroupMarkers groups={groups} layout={layout} /> : null}
              <g role="none">{nodeElements}</g>
            </g>
          ) : null}
        </svg>
        {tipNode && view ? <Tooltip id={tipId} n={tipNode} view={view} height={height} pr={pulls.get(tipNode.id)} /> : null}
        <p id={helpId} className="sr-only">
          Arrow keys move between executions, Enter opens one, Space folds or unfolds its subtree. Plus and minus zoom, 0 fits the tree, Shift with arrows pans,
          L jumps to the latest head.
        </p>
      </div>

      <TreeLegend />
    </div>
  );
}
