import { buildSessionTree } from "@/lib/executions/build-session-tree";
import { LAYOUT, layoutSessionTree, type LaidOutNode } from "@/lib/executions/session-tree-layout";
import { chainWithForks, runContinueFork } from "@/test/support/execution-fixtures";
import {
  between,
  centredOn,
  contains,
  easeInOut,
  fitView,
  grow,
  initialView,
  inWindow,
  isNearlyOffscreen,
  MAX_K,
  MIN_K,
  neighbour,
  nextWindow,
  visibleRect,
  zoomAround,
  type View,
} from "./viewport";

const screen = { w: 800, h: 600 };
/** Where a layout point appears on screen. */
const toScreen = (v: View, p: { x: number; y: number }) => ({ x: v.x + p.x * v.k, y: v.y + p.y * v.k });

describe("viewport math", () => {
  it("visibleRect is the layout area the screen shows", () => {
    expect(visibleRect({ x: 100, y: 50, k: 2 }, screen)).toEqual({ x0: -50, y0: -25, x1: 350, y1: 275 });
    expect(visibleRect({ x: -200, y: -100, k: 0.5 }, screen)).toEqual({ x0: 400, y0: 200, x1: 2000, y1: 1400 });
  });

  it("contains and grow", () => {
    const r = { x0: 0, y0: 0, x1: 100, y1: 50 };
    expect(grow(r, 0.5)).toEqual({ x0: -50, y0: -25, x1: 150, y1: 75 });
    expect(contains(grow(r, 0.1), r)).toBe(true);
    expect(contains(r, grow(r, 0.1))).toBe(false);
    expect(contains(r, { x0: 10, y0: 10, x1: 101, y1: 20 })).toBe(false);
  });

  it("zoomAround keeps the point under the pointer still and clamps the zoom", () => {
    const v = { x: 37, y: -12, k: 0.9 };
    const at = { x: 300, y: 200 };
    const under = { x: (at.x - v.x) / v.k, y: (at.y - v.y) / v.k };
    const zoomed = zoomAround(v, 1.5, at);
    expect(zoomed.k).toBeCloseTo(1.35);
    const p = toScreen(zoomed, under);
    expect(p.x).toBeCloseTo(at.x);
    expect(p.y).toBeCloseTo(at.y);
    expect(zoomAround(v, 100, at).k).toBe(MAX_K);
    expect(zoomAround(v, 0.0001, at).k).toBe(MIN_K);
  });

  it("fitView shows the whole tree, centred, never above 125%", () => {
    const layout = layoutSessionTree(buildSessionTree(chainWithForks(6, 2)));
    const v = fitView(layout.bounds, screen);
    const seen = visibleRect(v, screen);
    const { minX, minY, maxX, maxY } = layout.bounds;
    expect(contains(seen, { x0: minX, y0: minY, x1: maxX, y1: maxY })).toBe(true);
    // Centred: equal slack left and right of the padded box.
    const left = minX - 16 - seen.x0;
    const right = seen.x1 - (maxX + 16);
    expect(left).toBeCloseTo(right);
    const tiny = layoutSessionTree(runContinueFork().roots);
    expect(fitView(tiny.bounds, { w: 4000, h: 4000 }).k).toBe(1.25);
  });

  it("initialView fits a small tree at 100% at most, and starts a big one at its first root", () => {
    const small = layoutSessionTree(runContinueFork().roots);
    const v = initialView(small, screen);
    expect(v.k).toBeLessThanOrEqual(1);
    for (const n of small.nodes) {
      const p = toScreen(v, n);
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(screen.w);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(screen.h);
    }

    const big = layoutSessionTree(buildSessionTree(chainWithForks(200, 2, 3)));
    const first = big.nodes[0];
    const wide = initialView(big, screen);
    expect(wide.k).toBe(1);
    expect(toScreen(wide, first).x).toBe(24);
    const firstY = toScreen(wide, first).y;
    expect(firstY).toBeGreaterThanOrEqual(60 - 1e-9);
    expect(firstY).toBeLessThanOrEqual(screen.h - 60 + 1e-9);
    // Phones start at 75%.
    expect(initialView(big, { w: 390, h: 600 }).k).toBe(0.75);
  });

  it("centredOn puts a node's dot and label in the middle", () => {
    const n = { x: 500, y: -80 };
    const v = centredOn(n, screen, 1);
    expect(toScreen(v, { x: n.x + LAYOUT.portX / 2, y: n.y })).toEqual({ x: 400, y: 300 });
    expect(centredOn(n, screen, 10).k).toBe(MAX_K);
  });

  it("isNearlyOffscreen", () => {
    const v = { x: 0, y: 0, k: 1 };
    expect(isNearlyOffscreen(v, { x: 100, y: 100 }, screen)).toBe(false);
    expect(isNearlyOffscreen(v, { x: 10, y: 100 }, screen)).toBe(true);
    expect(isNearlyOffscreen(v, { x: 800 - LAYOUT.portX - 10, y: 100 }, screen)).toBe(true);
    expect(isNearlyOffscreen(v, { x: 100, y: 590 }, screen)).toBe(true);
  });

  it("nextWindow keeps the window while it covers the view, and moves it otherwise", () => {
    const v = { x: 0, y: 0, k: 1 };
    const win = nextWindow(null, v, screen);
    expect(win).toEqual(grow(visibleRect(v, screen), 0.5));
    // A small pan inside the margin keeps the same window (same object: nothing re-renders).
    expect(nextWindow(win, { x: -100, y: 50, k: 1 }, screen)).toBe(win);
    // A pan past it moves it.
    expect(nextWindow(win, { x: -2000, y: 0, k: 1 }, screen)).not.toBe(win);
    // Zoomed far in, the old window is too wide and is shrunk.
    const zoomedIn = nextWindow(win, { x: -400, y: -300, k: 2.5 }, screen);
    expect(zoomedIn.x1 - zoomedIn.x0).toBeLessThan(win.x1 - win.x0);
  });

  it("easeInOut and between", () => {
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(1)).toBe(1);
    expect(easeInOut(0.5)).toBeCloseTo(0.5);
    expect(easeInOut(0.25)).toBeLessThan(0.25);
    expect(between({ x: 0, y: 10, k: 1 }, { x: 100, y: 20, k: 2 }, 0.5)).toEqual({ x: 50, y: 15, k: 1.5 });
  });

  it("neighbour finds the nearest node above or below, preferring the same column", () => {
    const at = (id: string, x: number, y: number) => ({ id, x, y }) as LaidOutNode;
    const from = at("from", 0, 0);
    const nodes = [from, at("below-far", 0, 100), at("below-near-aside", 264, 44), at("below-near", 0, 44), at("above", 264, -44)];
    expect(neighbour(nodes, from, "ArrowDown")?.id).toBe("below-near");
    expect(neighbour(nodes, from, "ArrowUp")?.id).toBe("above");
    expect(neighbour([from], from, "ArrowUp")).toBeNull();
  });

  it("inWindow renders what is near the window plus the nodes asked for", () => {
    const layout = layoutSessionTree(buildSessionTree(chainWithForks(300, 2, 3)));
    const win = { x0: 0, y0: -300, x1: 800, y1: 300 };
    const far = layout.nodes[layout.nodes.length - 1];
    const { nodes, links } = inWindow(layout, win, (id) => id === far.id);
    expect(nodes.length).toBeGreaterThan(3);
    expect(nodes.length).toBeLessThan(layout.nodes.length / 4);
    expect(nodes).toContain(far);
    for (const n of nodes) if (n !== far) expect(n.x).toBeLessThanOrEqual(win.x1 + 20);
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) expect(l.source.x).toBeLessThanOrEqual(win.x1);
    expect(inWindow(layout, null, () => true)).toEqual({ nodes: [], links: [] });
  });
});
