"use client";

import { useRouter } from "next/navigation";
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
} from "react";
import { Button, LinkButton } from "@/components/ui/button";
import { NodeOutcomeMenu } from "@/components/outcomes/node-outcome-menu";
import { cn } from "@/lib/cn";
import type { ExecutionStatus, SessionTreeNode } from "@/lib/execution-types";
import { excerpt, formatCost, formatDuration, shortId } from "@/lib/format-execution";
import { formatRelative } from "@/lib/format";
import { ancestorIds, defaultComparePair, flattenTree, latestHead } from "@/lib/session-tree";
import { descendantCounts, LAYOUT, layoutSessionTree, linkPath, type LaidOutNode, type SessionTreeLayout } from "@/lib/session-tree-layout";

type View = { x: number; y: number; k: number };
type Rect = { x0: number; y0: number; x1: number; y1: number };

const MIN_K = 0.08;
const MAX_K = 2.5;
/** Below this zoom, nodes are dots without labels. */
const LABEL_K = 0.45;

const STATUS_FILL: Record<ExecutionStatus, string> = {
  queued: "fill-zinc-400",
  running: "fill-sky-500",
  completed: "fill-emerald-500",
  failed: "fill-red-500",
  cancelled: "fill-zinc-300 dark:fill-zinc-600",
  interrupted: "fill-amber-500",
};
const STATUS_WORD: Record<ExecutionStatus, string> = {
  queued: "queued",
  running: "running",
  completed: "completed",
  failed: "failed",
  cancelled: "cancelled",
  interrupted: "interrupted",
};

const clampK = (k: number) => Math.min(MAX_K, Math.max(MIN_K, k));

function nodeName(n: LaidOutNode): string {
  const e = n.node;
  const kind = e.edge === "fork" ? "fork" : e.edge === "continue" ? "continuation" : "original";
  return `#${shortId(e.id)}, ${kind}, ${STATUS_WORD[e.status]}${e.isHead ? ", head" : ""}${n.collapsed ? `, ${n.hiddenCount} hidden` : ""}: ${excerpt(e.prompt, 80)}`;
}

/** One execution in the picture: status dot, head ring, labels and the fold toggle. */
const GraphNode = memo(function GraphNode({
  n,
  labels,
  active,
  selected,
  flash,
  describedBy,
  compareMode,
}: {
  n: LaidOutNode;
  labels: boolean;
  active: boolean;
  selected: boolean;
  flash: boolean;
  describedBy?: string;
  compareMode: boolean;
}) {
  const e = n.node;
  return (
    <g
      role="treeitem"
      tabIndex={active ? 0 : -1}
      aria-level={n.depth + 1}
      aria-posinset={n.posInSet}
      aria-setsize={n.setSize}
      aria-expanded={n.childCount > 0 ? !n.collapsed : undefined}
      aria-selected={compareMode ? selected : undefined}
      aria-label={nodeName(n)}
      aria-describedby={describedBy}
      data-node-id={e.id}
      data-status={e.status}
      data-edge={e.edge}
      data-head={e.isHead ? "true" : undefined}
      transform={`translate(${n.x},${n.y})`}
      className="group/node cursor-pointer outline-none"
    >
      <rect
        x={-16}
        y={-19}
        width={LAYOUT.portX - 4}
        height={38}
        rx={8}
        className={cn(
          "fill-transparent stroke-2",
          selected ? "fill-violet-50 stroke-violet-500 dark:fill-violet-950/60" : "stroke-transparent",
          "group-hover/node:fill-zinc-100 group-focus-visible/node:stroke-emerald-600 dark:group-hover/node:fill-zinc-800",
        )}
      />
      {flash ? <circle r={20} className="origin-center animate-ping fill-none stroke-amber-500 stroke-[3] [transform-box:fill-box]" /> : null}
      {e.isHead ? <circle r={LAYOUT.radius + 4.5} className="fill-none stroke-emerald-600 stroke-[2.5] dark:stroke-emerald-400" /> : null}
      <circle r={LAYOUT.radius} className={cn(STATUS_FILL[e.status], e.status === "running" ? "animate-pulse" : "", "stroke-white stroke-[1.5] dark:stroke-zinc-900")} />
      {labels ? (
        <>
          <text x={16} y={-4} className="fill-zinc-900 font-mono text-[12px] font-semibold dark:fill-zinc-100">
            #{shortId(e.id)}
            <tspan dx={6} className="fill-zinc-500 font-sans text-[11px] font-normal dark:fill-zinc-400">
              {STATUS_WORD[e.status]}
              {e.isHead ? " · head" : ""}
            </tspan>
          </text>
          <text x={16} y={12} className="fill-zinc-600 text-[11px] dark:fill-zinc-400">
            {excerpt(e.prompt, 26)}
          </text>
        </>
      ) : null}
      {n.childCount > 0 ? (
        <g data-toggle={e.id} transform={`translate(${LAYOUT.portX},0)`} aria-hidden="true" className="cursor-pointer">
          {n.collapsed ? (
            <>
              <rect x={-4} y={-9} width={String(n.hiddenCount).length * 7 + 18} height={18} rx={9} className="fill-zinc-700 dark:fill-zinc-300" />
              <text x={3} y={4} className="fill-white text-[11px] font-semibold dark:fill-zinc-900">
                +{n.hiddenCount}
              </text>
            </>
          ) : labels ? (
            <>
              <circle r={7} className="fill-white stroke-zinc-400 hover:stroke-zinc-700 dark:fill-zinc-900 dark:stroke-zinc-500" />
              <path d="M-3.5,0H3.5" className="stroke-zinc-600 stroke-[1.5] dark:stroke-zinc-300" />
            </>
          ) : null}
        </g>
      ) : null}
    </g>
  );
});

function Tooltip({ id, n, view, height }: { id: string; n: LaidOutNode; view: View; height: number }) {
  const e = n.node;
  const left = view.x + n.x * view.k;
  const y = view.y + n.y * view.k;
  // Below the node, or above it when the lower half of the canvas has no room.
  const below = y < height / 2;
  return (
    <div
      id={id}
      role="tooltip"
      className="pointer-events-none absolute z-10 w-72 max-w-[calc(100%-1rem)] rounded-md border border-zinc-200 bg-white p-3 text-xs shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      style={{ left: `clamp(0.5rem, ${left - 16}px, calc(100% - 18.5rem))`, top: below ? y + 24 : y - 24, transform: below ? undefined : "translateY(-100%)" }}
    >
      <p className="font-mono font-semibold">
        #{shortId(e.id)} · {STATUS_WORD[e.status]}
        {e.edge === "fork" ? " · fork" : e.edge === "continue" ? " · continuation" : ""}
        {e.isHead ? " · head" : ""}
      </p>
      <p className="mt-1 whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{excerpt(e.prompt, 220)}</p>
      <p className="mt-1 text-zinc-500">
        {formatCost(e.usage?.costUsd)} · {formatDuration(e.usage?.durationMs)}
        {e.usage?.numTurns != null ? ` · ${e.usage.numTurns} ${e.usage.numTurns === 1 ? "turn" : "turns"}` : ""} · {formatRelative(e.createdAt)}
      </p>
      {e.sessionId ? <p className="mt-1 font-mono text-zinc-500">session {shortId(e.sessionId)}</p> : null}
      {n.collapsed ? <p className="mt-1 text-zinc-500">{n.hiddenCount} executions folded (Space unfolds)</p> : null}
    </div>
  );
}

function visibleRect(view: View, size: { w: number; h: number }): Rect {
  return { x0: -view.x / view.k, y0: -view.y / view.k, x1: (size.w - view.x) / view.k, y1: (size.h - view.y) / view.k };
}

function contains(outer: Rect, inner: Rect): boolean {
  return inner.x0 >= outer.x0 && inner.y0 >= outer.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1;
}

function grow(r: Rect, by: number): Rect {
  const w = (r.x1 - r.x0) * by;
  const h = (r.y1 - r.y0) * by;
  return { x0: r.x0 - w, y0: r.y0 - h, x1: r.x1 + w, y1: r.y1 + h };
}

function fitView(layout: SessionTreeLayout, size: { w: number; h: number }): View {
  const { minX, minY, maxX, maxY } = layout.bounds;
  const pad = 32;
  const bw = maxX - minX + 32;
  const bh = maxY - minY + 48;
  const k = clampK(Math.min((size.w - pad * 2) / bw, (size.h - pad * 2) / bh, 1.25));
  return { k, x: (size.w - bw * k) / 2 - (minX - 16) * k, y: (size.h - bh * k) / 2 - (minY - 24) * k };
}

/** The tree centred at zoom k. */
function fitAt(layout: SessionTreeLayout, size: { w: number; h: number }, k: number): View {
  const { minX, minY, maxX, maxY } = layout.bounds;
  return { k, x: size.w / 2 - ((minX + maxX) / 2) * k, y: size.h / 2 - ((minY + maxY) / 2) * k };
}

/** Spatial arrow-key navigation: the nearest node in that direction. */
function neighbour(layout: SessionTreeLayout, from: LaidOutNode, key: "ArrowUp" | "ArrowDown"): LaidOutNode | null {
  let best: LaidOutNode | null = null;
  let bestScore = Infinity;
  for (const n of layout.nodes) {
    const dy = n.y - from.y;
    if (key === "ArrowUp" ? dy >= 0 : dy <= 0) continue;
    const score = Math.abs(dy) + Math.abs(n.x - from.x) * 0.6;
    if (score < bestScore) {
      bestScore = score;
      best = n;
    }
  }
  return best;
}

export type SessionTreeGraphProps = {
  roots: SessionTreeNode[];
  /** For the accessible name: "Session tree of ISSUE-7". */
  label?: string;
  height?: number;
};

/**
 * The session tree as a picture: d3-hierarchy's tidy tree, continue edges
 * solid, fork edges dashed violet, heads ringed, dots coloured by status.
 * Hover or focus shows prompt, cost and time; click or Enter opens the
 * execution. Wheel or pinch zooms, drag pans, buttons and keys do both.
 * Subtrees fold. Only what is in (or near) view is rendered, so a
 * thousand-node tree pans smoothly.
 */
export function SessionTreeGraph({ roots, label = "Session tree", height: fixedHeight }: SessionTreeGraphProps) {
  const router = useRouter();
  const uid = useId();
  const tipId = `${uid}-tip`;
  const helpId = `${uid}-help`;
  const viewport = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);

  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const counts = useMemo(() => descendantCounts(roots), [roots]);
  const layout = useMemo(() => layoutSessionTree(roots, collapsed, counts), [roots, collapsed, counts]);
  // Small trees get a small canvas; big ones a tall one (fixed once shown, so folds do not jump).
  const [height] = useState(() => {
    if (fixedHeight) return fixedHeight;
    const wanted = Math.min(560, Math.max(240, layout.bounds.maxY - layout.bounds.minY + 160));
    // Never taller than most of a phone's screen (the tree only renders in the browser).
    return Math.round(typeof window === "undefined" ? wanted : Math.min(wanted, Math.max(240, window.innerHeight * 0.65)));
  });

  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [view, setViewState] = useState<View | null>(null);
  const viewRef = useRef<View | null>(null);
  const [win, setWin] = useState<Rect | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [tip, setTip] = useState<string | null>(null);
  const [flashId, setFlashId] = useState<string | null>(null);
  const [compareMode, setCompareMode] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const animation = useRef<number | null>(null);
  const pendingCenter = useRef<{ id: string; focus: boolean } | null>(null);
  const focusRequest = useRef<string | null>(null);

  const setView = useCallback((next: View) => {
    viewRef.current = next;
    setViewState(next);
  }, []);

  // The rendered window: what is in view and half a screen around it. Panning
  // inside it re-renders nothing but the transform.
  useEffect(() => {
    if (!view || !size) return;
    const visible = visibleRect(view, size);
    setWin((current) => (current && contains(current, visible) && (current.x1 - current.x0) < (visible.x1 - visible.x0) * 3 ? current : grow(visible, 0.5)));
  }, [view, size]);

  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const measure = () => setSize({ w: el.clientWidth, h: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const animateTo = useCallback(
    (target: View, duration = 320) => {
      if (animation.current) cancelAnimationFrame(animation.current);
      const from = viewRef.current;
      if (!from || duration === 0 || (typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches)) {
        setView(target);
        return;
      }
      const start = performance.now();
      const step = (now: number) => {
        const t = Math.min(1, (now - start) / duration);
        const e = t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;
        setView({ x: from.x + (target.x - from.x) * e, y: from.y + (target.y - from.y) * e, k: from.k + (target.k - from.k) * e });
        animation.current = t < 1 ? requestAnimationFrame(step) : null;
      };
      animation.current = requestAnimationFrame(step);
    },
    [setView],
  );

  const centerOn = useCallback(
    (n: LaidOutNode, k?: number, duration?: number) => {
      if (!size || !viewRef.current) return;
      const kk = clampK(k ?? Math.max(viewRef.current.k, 0.8));
      animateTo({ k: kk, x: size.w / 2 - (n.x + LAYOUT.portX / 2) * kk, y: size.h / 2 - n.y * kk }, duration);
    },
    [animateTo, size],
  );

  // First view: the whole tree when it fits legibly, else its first root at the left.
  useLayoutEffect(() => {
    if (!size || viewRef.current || layout.nodes.length === 0) return;
    const fit = fitView(layout, size);
    if (fit.k >= 0.6) setView(fit.k > 1 ? fitAt(layout, size, 1) : fit);
    else {
      // Too big to read whole: start at full size at the first root, with the
      // first screen-width of the tree centred vertically (root kept in view).
      const first = layout.nodes[0];
      let top = first.y;
      let bottom = first.y;
      for (const n of layout.nodes) {
        if (n.x - first.x > (size.w - 80) / (size.w < 640 ? 0.75 : 1)) continue;
        top = Math.min(top, n.y);
        bottom = Math.max(bottom, n.y);
      }
      const k = size.w < 640 ? 0.75 : 1; // phones: a little more of the tree at once
      const centre = Math.min(Math.max((top + bottom) / 2, first.y - size.h / 2 / k + 60), first.y + size.h / 2 / k - 60);
      setView({ k, x: 24 - first.x * k, y: size.h / 2 - centre * k });
    }
    setActiveId((id) => id ?? layout.nodes[0].id);
  }, [layout, size, setView]);

  // Centre (and focus) a node once the layout that shows it is in place.
  useEffect(() => {
    const pending = pendingCenter.current;
    if (!pending) return;
    const n = layout.byId.get(pending.id);
    if (!n) return;
    pendingCenter.current = null;
    centerOn(n, Math.max(viewRef.current?.k ?? 1, 1));
    if (pending.focus) focusRequest.current = n.id;
    setActiveId(n.id);
  }, [layout, centerOn]);

  useEffect(() => {
    const id = focusRequest.current;
    if (!id) return;
    focusRequest.current = null;
    const el = svgRef.current?.querySelector<SVGGElement>(`[data-node-id="${id}"]`);
    el?.focus({ preventScroll: true });
  });

  useEffect(() => {
    if (!flashId) return;
    const t = setTimeout(() => setFlashId(null), 2_500);
    return () => clearTimeout(t);
  }, [flashId]);

  // Keep the active node's id valid when folds hide it.
  useEffect(() => {
    if (activeId && !layout.byId.has(activeId)) setActiveId(layout.nodes[0]?.id ?? null);
  }, [layout, activeId]);

  const zoomBy = useCallback(
    (factor: number, at?: { x: number; y: number }, duration = 0) => {
      const v = viewRef.current;
      if (!v || !size) return;
      const p = at ?? { x: size.w / 2, y: size.h / 2 };
      const k = clampK(v.k * factor);
      const target = { k, x: p.x - ((p.x - v.x) / v.k) * k, y: p.y - ((p.y - v.y) / v.k) * k };
      if (duration) animateTo(target, duration);
      else setView(target);
    },
    [size, animateTo, setView],
  );

  // Wheel zooms around the pointer (a non-passive listener, to keep the page still).
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (animation.current) cancelAnimationFrame(animation.current);
      const rect = el.getBoundingClientRect();
      const delta = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);
      zoomBy(Math.exp(-delta * (event.ctrlKey ? 0.01 : 0.002)), { x: event.clientX - rect.left, y: event.clientY - rect.top });
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [zoomBy]);

  // Drag to pan; two fingers pinch to zoom.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ moved: boolean; startDistance: number; startK: number } | null>(null);
  const suppressClick = useRef(false);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 && event.pointerType === "mouse") return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (animation.current) cancelAnimationFrame(animation.current);
    const pts = [...pointers.current.values()];
    gesture.current = {
      moved: gesture.current?.moved ?? false,
      startDistance: pts.length === 2 ? Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y) : 0,
      startK: viewRef.current?.k ?? 1,
    };
    if (pts.length === 1) gesture.current.moved = false;
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const last = pointers.current.get(event.pointerId);
    const g = gesture.current;
    const v = viewRef.current;
    if (!last || !g || !v) return;
    const dx = event.clientX - last.x;
    const dy = event.clientY - last.y;
    if (!g.moved && Math.hypot(dx, dy) < 4) return;
    if (!g.moved) {
      g.moved = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const pts = [...pointers.current.values()];
    if (pts.length === 2 && g.startDistance > 0) {
      const rect = event.currentTarget.getBoundingClientRect();
      const distance = Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y);
      const mid = { x: (pts[0].x + pts[1].x) / 2 - rect.left, y: (pts[0].y + pts[1].y) / 2 - rect.top };
      zoomBy((g.startK * distance) / g.startDistance / v.k, mid);
    } else if (pts.length === 1) {
      setView({ ...v, x: v.x + dx, y: v.y + dy });
    }
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) {
      if (gesture.current?.moved) {
        suppressClick.current = true;
        setTimeout(() => (suppressClick.current = false), 0);
      }
      gesture.current = null;
    }
  };

  const toggleFold = useCallback((id: string) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const toggleSelected = useCallback((id: string) => {
    setSelected((prev) => (prev.includes(id) ? prev.filter((x) => x !== id) : [...prev, id].slice(-2)));
  }, []);

  const open = useCallback(
    (id: string, newTab = false) => {
      const href = `/executions/${id}`;
      if (newTab) window.open(href, "_blank", "noopener");
      else router.push(href);
    },
    [router],
  );

  const loadLatest = useCallback(() => {
    const head = latestHead(roots);
    if (!head) return;
    const hidden = ancestorIds(roots, head.id) ?? [];
    if (hidden.some((id) => collapsed.has(id))) {
      setCollapsed((prev) => {
        const next = new Set(prev);
        hidden.forEach((id) => next.delete(id));
        return next;
      });
    }
    pendingCenter.current = { id: head.id, focus: true };
    setFlashId(head.id);
    // Already laid out: centre now (the effect only runs on layout changes).
    const n = layout.byId.get(head.id);
    if (n && !hidden.some((id) => collapsed.has(id))) {
      pendingCenter.current = null;
      centerOn(n, Math.max(viewRef.current?.k ?? 1, 1));
      focusRequest.current = n.id;
      setActiveId(n.id);
    }
  }, [roots, collapsed, layout, centerOn]);

  const fit = useCallback(() => {
    if (size) animateTo(fitView(layout, size));
  }, [layout, size, animateTo]);

  const foldForks = useCallback(() => {
    const forks = flattenTree(roots).filter((n) => n.edge === "fork" && n.children.length > 0);
    setCollapsed((prev) => new Set([...prev, ...forks.map((n) => n.id)]));
  }, [roots]);

  const startCompare = () => {
    if (compareMode) {
      setCompareMode(false);
      return;
    }
    setCompareMode(true);
    setSelected(defaultComparePair(roots) ?? []);
  };

  // Node interaction, delegated from the svg.
  const nodeIdOf = (target: EventTarget | null): string | null => {
    const el = (target as Element | null)?.closest?.("[data-node-id]");
    return el?.getAttribute("data-node-id") ?? null;
  };
  const onClick = (event: ReactMouseEvent<SVGSVGElement>) => {
    if (suppressClick.current) return;
    const toggle = (event.target as Element).closest?.("[data-toggle]");
    if (toggle) {
      toggleFold(toggle.getAttribute("data-toggle")!);
      return;
    }
    const id = nodeIdOf(event.target);
    if (!id) return;
    setActiveId(id);
    if (compareMode) toggleSelected(id);
    else open(id, event.metaKey || event.ctrlKey);
  };

  const pan = (dx: number, dy: number) => {
    const v = viewRef.current;
    if (v) animateTo({ ...v, x: v.x + dx, y: v.y + dy }, 120);
  };

  const ensureVisible = (n: LaidOutNode) => {
    const v = viewRef.current;
    if (!v || !size) return;
    const sx = v.x + n.x * v.k;
    const sy = v.y + n.y * v.k;
    if (sx < 24 || sy < 24 || sx + LAYOUT.portX * v.k > size.w - 24 || sy > size.h - 24) centerOn(n, v.k, 200);
  };

  const moveTo = (n: LaidOutNode | null | undefined) => {
    if (!n) return;
    setActiveId(n.id);
    setTip(n.id);
    focusRequest.current = n.id;
    ensureVisible(n);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = activeId ? layout.byId.get(activeId) : undefined;
    const onNode = Boolean(nodeIdOf(event.target));
    if (event.shiftKey && event.key.startsWith("Arrow")) {
      const step = 80;
      pan(event.key === "ArrowLeft" ? step : event.key === "ArrowRight" ? -step : 0, event.key === "ArrowUp" ? step : event.key === "ArrowDown" ? -step : 0);
      event.preventDefault();
      return;
    }
    switch (event.key) {
      case "+":
      case "=":
        zoomBy(1.25, undefined, 150);
        break;
      case "-":
      case "_":
        zoomBy(0.8, undefined, 150);
        break;
      case "0":
        fit();
        break;
      case "l":
      case "L":
        loadLatest();
        break;
      case "Escape":
        setTip(null);
        if (compareMode) setCompareMode(false);
        return;
      case "ArrowUp":
      case "ArrowDown":
        if (!current) return;
        moveTo(neighbour(layout, current, event.key));
        break;
      case "ArrowLeft":
        if (!current?.parentId) return;
        moveTo(layout.byId.get(current.parentId));
        break;
      case "ArrowRight":
        if (!current || current.childCount === 0) return;
        if (current.collapsed) toggleFold(current.id);
        else moveTo(layout.nodes.find((n) => n.parentId === current.id));
        break;
      case "Home":
        moveTo(layout.nodes[0]);
        break;
      case "Enter":
        if (!onNode || !current) return;
        if (compareMode) toggleSelected(current.id);
        else open(current.id, event.metaKey || event.ctrlKey);
        break;
      case " ":
        if (!onNode || !current) return;
        if (compareMode) toggleSelected(current.id);
        else if (current.childCount > 0) toggleFold(current.id);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const labels = (view?.k ?? 1) >= LABEL_K;
  const rendered = useMemo(() => {
    if (!win) return { nodes: [] as LaidOutNode[], links: [] as SessionTreeLayout["links"] };
    const margin = { left: LAYOUT.portX + 40, y: 30 };
    const inWin = (n: LaidOutNode) => n.x >= win.x0 - margin.left && n.x <= win.x1 + 20 && n.y >= win.y0 - margin.y && n.y <= win.y1 + margin.y;
    const nodes = layout.nodes.filter((n) => inWin(n) || n.id === activeId || n.id === flashId || selected.includes(n.id));
    const links = layout.links.filter((l) => {
      const x0 = l.source.x;
      const x1 = l.target.x;
      const y0 = Math.min(l.source.y, l.target.y);
      const y1 = Math.max(l.source.y, l.target.y);
      return x1 >= win.x0 && x0 <= win.x1 && y1 >= win.y0 && y0 <= win.y1;
    });
    return { nodes, links };
  }, [layout, win, activeId, flashId, selected]);

  // Built once per change of what is shown, not per frame of a pan or zoom.
  const linkElements = useMemo(
    () =>
      rendered.links.map((l) => (
        <path
          key={l.id}
          d={linkPath(l)}
          data-edge={l.edge}
          data-link={l.id}
          className={l.edge === "fork" ? "stroke-violet-500 dark:stroke-violet-400" : "stroke-zinc-400 dark:stroke-zinc-500"}
          strokeWidth={2}
          strokeDasharray={l.edge === "fork" ? "6 4" : undefined}
          vectorEffect="non-scaling-stroke"
        />
      )),
    [rendered.links],
  );
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
        />
      )),
    [rendered.nodes, labels, activeId, selected, flashId, tip, tipId, compareMode],
  );

  const tipNode = tip ? layout.byId.get(tip) : undefined;
  const pair = selected.length === 2 ? selected : null;
  const forkCount = useMemo(() => layout.links.filter((l) => l.edge === "fork").length, [layout]);

  return (
    <div className="space-y-2">
      <div role="toolbar" aria-label="Session tree controls" aria-controls={`${uid}-viewport`} className="flex flex-wrap items-center gap-1.5">
        <Button size="sm" variant="secondary" onClick={loadLatest} title="Centre the most recent head (L)">
          Load latest
        </Button>
        <Button size="sm" variant={compareMode ? "primary" : "secondary"} aria-pressed={compareMode} onClick={startCompare}>
          Compare forks
        </Button>
        <span className="mx-1 hidden h-5 w-px bg-zinc-200 sm:inline-block dark:bg-zinc-700" aria-hidden="true" />
        <Button size="sm" variant="ghost" aria-label="Zoom in" title="Zoom in (+)" onClick={() => zoomBy(1.25, undefined, 150)}>
          +
        </Button>
        <Button size="sm" variant="ghost" aria-label="Zoom out" title="Zoom out (−)" onClick={() => zoomBy(0.8, undefined, 150)}>
          −
        </Button>
        <Button size="sm" variant="ghost" onClick={fit} title="Fit the whole tree (0)">
          Fit
        </Button>
        <Button size="sm" variant="ghost" onClick={foldForks} disabled={forkCount === 0}>
          Fold forks
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setCollapsed(new Set())} disabled={collapsed.size === 0}>
          Unfold all
        </Button>
        <span className="ml-auto text-xs text-zinc-500" aria-live="polite">
          {layout.nodes.length === layout.total ? `${layout.total} executions` : `${layout.nodes.length} of ${layout.total} shown`}
          {view ? ` · ${Math.round(view.k * 100)}%` : ""}
        </span>
      </div>

      {activeId && !compareMode ? <NodeOutcomeMenu key={activeId} executionId={activeId} /> : null}

      {compareMode ? (
        <div role="region" aria-label="Compare" className="flex flex-wrap items-center gap-2 rounded-md border border-violet-300 bg-violet-50 px-3 py-2 text-sm dark:border-violet-800 dark:bg-violet-950/50">
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
            <LinkButton size="sm" href={`/compare?a=${pair[0]}&b=${pair[1]}`}>
              Open comparison
            </LinkButton>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => setCompareMode(false)}>
            Done
          </Button>
        </div>
      ) : null}

      <div
        id={`${uid}-viewport`}
        ref={viewport}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
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
            if (pointers.current.size === 0) setTip(nodeIdOf(event.target));
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
              <g role="none" aria-hidden="true" fill="none">
                {linkElements}
              </g>
              <g role="none">
                {nodeElements}
              </g>
            </g>
          ) : null}
        </svg>
        {tipNode && view ? <Tooltip id={tipId} n={tipNode} view={view} height={height} /> : null}
        <p id={helpId} className="sr-only">
          Arrow keys move between executions, Enter opens one, Space folds or unfolds its subtree. Plus and minus zoom, 0 fits the tree, Shift with arrows
          pans, L jumps to the latest head.
        </p>
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-zinc-500" aria-label="Legend">
        <span className="flex items-center gap-1.5">
          <svg width="28" height="6" aria-hidden="true">
            <path d="M0,3H28" className="stroke-zinc-400" strokeWidth={2} />
          </svg>
          continue
        </span>
        <span className="flex items-center gap-1.5">
          <svg width="28" height="6" aria-hidden="true">
            <path d="M0,3H28" className="stroke-violet-500" strokeWidth={2} strokeDasharray="6 4" />
          </svg>
          fork
        </span>
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
    </div>
  );
}
