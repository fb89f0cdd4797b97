// The session tree's viewport math, kept pure so it can be tested without a
// browser: a view is a translation (x, y) in screen pixels plus a zoom k, and
// a layout point p appears on screen at (x + p.x·k, y + p.y·k).
import { LAYOUT, type LaidOutLink, type LaidOutNode, type SessionTreeLayout } from "@/lib/executions/session-tree-layout";

export type View = { x: number; y: number; k: number };
export type Rect = { x0: number; y0: number; x1: number; y1: number };
export type Size = { w: number; h: number };
export type Point = { x: number; y: number };
type Bounds = SessionTreeLayout["bounds"];

export const MIN_K = 0.08;
export const MAX_K = 2.5;
/** Below this zoom, nodes are dots without labels. */
export const LABEL_K = 0.45;
/** Phones (narrower than this) start a little zoomed out, to show more of a big tree. */
const NARROW_W = 640;

export const clampK = (k: number) => Math.min(MAX_K, Math.max(MIN_K, k));

/** The part of the layout the screen shows, in layout pixels. */
export function visibleRect(view: View, size: Size): Rect {
  return { x0: -view.x / view.k, y0: -view.y / view.k, x1: (size.w - view.x) / view.k, y1: (size.h - view.y) / view.k };
}

export function contains(outer: Rect, inner: Rect): boolean {
  return inner.x0 >= outer.x0 && inner.y0 >= outer.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1;
}

/** `r` grown by `by` of its width and height on every side. */
export function grow(r: Rect, by: number): Rect {
  const w = (r.x1 - r.x0) * by;
  const h = (r.y1 - r.y0) * by;
  return { x0: r.x0 - w, y0: r.y0 - h, x1: r.x1 + w, y1: r.y1 + h };
}

/**
 * The rendered window: what is in view and half a screen around it. The
 * current window is kept while it still covers the view and is not much wider
 * (zoomed in a lot), so panning inside it re-renders nothing but the transform.
 */
export function nextWindow(current: Rect | null, view: View, size: Size): Rect {
  const visible = visibleRect(view, size);
  if (current && contains(current, visible) && current.x1 - current.x0 < (visible.x1 - visible.x0) * 3) return current;
  return grow(visible, 0.5);
}

/** The whole tree in view, with a margin, never above 125%. */
export function fitView(bounds: Bounds, size: Size): View {
  const { minX, minY, maxX, maxY } = bounds;
  const pad = 32;
  const bw = maxX - minX + 32;
  const bh = maxY - minY + 48;
  const k = clampK(Math.min((size.w - pad * 2) / bw, (size.h - pad * 2) / bh, 1.25));
  return { k, x: (size.w - bw * k) / 2 - (minX - 16) * k, y: (size.h - bh * k) / 2 - (minY - 24) * k };
}

/** The tree centred at zoom k. */
export function fitAt(bounds: Bounds, size: Size, k: number): View {
  const { minX, minY, maxX, maxY } = bounds;
  return { k, x: size.w / 2 - ((minX + maxX) / 2) * k, y: size.h / 2 - ((minY + maxY) / 2) * k };
}

/**
 * The first view: the whole tree when it fits legibly (never above 100%),
 * else full size at the first root, with the first screen-width of the tree
 * centred vertically and the root kept in view.
 */
export function initialView(layout: SessionTreeLayout, size: Size): View {
  const fit = fitView(layout.bounds, size);
  if (fit.k >= 0.6) return fit.k > 1 ? fitAt(layout.bounds, size, 1) : fit;
  const k = size.w < NARROW_W ? 0.75 : 1;
  const first = layout.nodes[0];
  let top = first.y;
  let bottom = first.y;
  for (const n of layout.nodes) {
    if (n.x - first.x > (size.w - 80) / k) continue;
    top = Math.min(top, n.y);
    bottom = Math.max(bottom, n.y);
  }
  const centre = Math.min(Math.max((top + bottom) / 2, first.y - size.h / 2 / k + 60), first.y + size.h / 2 / k - 60);
  return { k, x: 24 - first.x * k, y: size.h / 2 - centre * k };
}

/** Zoom by `factor` keeping the screen point `at` still (clamped to MIN_K…MAX_K). */
export function zoomAround(view: View, factor: number, at: Point): View {
  const k = clampK(view.k * factor);
  return { k, x: at.x - ((at.x - view.x) / view.k) * k, y: at.y - ((at.y - view.y) / view.k) * k };
}

/** The view at zoom k with node n (dot and label) in the middle of the screen. */
export function centredOn(n: Pick<LaidOutNode, "x" | "y">, size: Size, k: number): View {
  const kk = clampK(k);
  return { k: kk, x: size.w / 2 - (n.x + LAYOUT.portX / 2) * kk, y: size.h / 2 - n.y * kk };
}

/** Whether node n (with its label) is within `margin` pixels of the screen's edges. */
export function isNearlyOffscreen(view: View, n: Pick<LaidOutNode, "x" | "y">, size: Size, margin = 24): boolean {
  const sx = view.x + n.x * view.k;
  const sy = view.y + n.y * view.k;
  return sx < margin || sy < margin || sx + LAYOUT.portX * view.k > size.w - margin || sy > size.h - margin;
}

/** Cubic ease-in-out, t in 0…1. */
export function easeInOut(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** The view a fraction `e` of the way from `from` to `to`. */
export function between(from: View, to: View, e: number): View {
  return { x: from.x + (to.x - from.x) * e, y: from.y + (to.y - from.y) * e, k: from.k + (to.k - from.k) * e };
}

/** Spatial arrow-key navigation: the nearest node above or below. */
export function neighbour(nodes: readonly LaidOutNode[], from: LaidOutNode, key: "ArrowUp" | "ArrowDown"): LaidOutNode | null {
  let best: LaidOutNode | null = null;
  let bestScore = Infinity;
  for (const n of nodes) {
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

/**
 * What to render: the nodes and links inside the window (a node's label
 * reaches right of its dot, so the window reaches that far left), plus the
 * nodes `keep` names (active, flashing, selected) wherever they are.
 */
export function inWindow(
  layout: Pick<SessionTreeLayout, "nodes" | "links">,
  win: Rect | null,
  keep: (id: string) => boolean,
): { nodes: LaidOutNode[]; links: LaidOutLink[] } {
  if (!win) return { nodes: [], links: [] };
  const margin = { left: LAYOUT.portX + 40, y: 30 };
  const inside = (n: LaidOutNode) => n.x >= win.x0 - margin.left && n.x <= win.x1 + 20 && n.y >= win.y0 - margin.y && n.y <= win.y1 + margin.y;
  const nodes = layout.nodes.filter((n) => inside(n) || keep(n.id));
  const links = layout.links.filter((l) => {
    const y0 = Math.min(l.source.y, l.target.y);
    const y1 = Math.max(l.source.y, l.target.y);
    return l.target.x >= win.x0 && l.source.x <= win.x1 && y1 >= win.y0 && y0 <= win.y1;
  });
  return { nodes, links };
}
