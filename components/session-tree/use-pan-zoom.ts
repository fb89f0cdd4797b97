"use client";

// The session tree's camera: the viewport's measured size, the current view
// (translation and zoom), eased moves between views, wheel zoom around the
// pointer, drag to pan and two-finger pinch. The math is in viewport.ts.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import type { LaidOutNode, SessionTreeLayout } from "@/lib/executions/session-tree-layout";
import { between, centredOn, easeInOut, fitView, initialView, nextWindow, zoomAround, type Point, type Rect, type Size, type View } from "./viewport";

type Gesture = { moved: boolean; startDistance: number; startK: number };

const distance = (pts: Point[]) => Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y);

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

export function usePanZoom(layout: SessionTreeLayout) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [view, setViewState] = useState<View | null>(null);
  // The latest view for event handlers and animation frames, which must not wait for a render.
  const viewRef = useRef<View | null>(null);
  const [win, setWin] = useState<Rect | null>(null);
  const animation = useRef<number | null>(null);

  const setView = useCallback((next: View) => {
    viewRef.current = next;
    setViewState(next);
  }, []);

  // Stable (it only reads a ref), so the effects and callbacks below can name it.
  const stopAnimation = useCallback(() => {
    if (animation.current) cancelAnimationFrame(animation.current);
  }, []);

  useLayoutEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const measure = () => setSize({ w: el.clientWidth, h: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // First view, once the viewport is measured and there is something to show,
  // with the window of nodes it draws: set here, the nodes are drawn in the
  // same synchronous render, not a frame later by the effect below.
  useLayoutEffect(() => {
    if (!size || viewRef.current || layout.nodes.length === 0) return;
    const first = initialView(layout, size);
    setView(first);
    setWin(nextWindow(null, first, size));
  }, [layout, size, setView]);

  useEffect(() => {
    if (view && size) setWin((current) => nextWindow(current, view, size));
  }, [view, size]);

  const animateTo = useCallback(
    (target: View, duration = 320) => {
      stopAnimation();
      const from = viewRef.current;
      if (!from || duration === 0 || prefersReducedMotion()) {
        setView(target);
        return;
      }
      const start = performance.now();
      const step = (now: number) => {
        const t = Math.min(1, (now - start) / duration);
        setView(between(from, target, easeInOut(t)));
        animation.current = t < 1 ? requestAnimationFrame(step) : null;
      };
      animation.current = requestAnimationFrame(step);
    },
    [setView, stopAnimation],
  );

  /** Zoom by `factor` around a screen point (default: the middle), eased over `duration` ms. */
  const zoomBy = useCallback(
    (factor: number, at?: Point, duration = 0) => {
      const v = viewRef.current;
      if (!v || !size) return;
      const target = zoomAround(v, factor, at ?? { x: size.w / 2, y: size.h / 2 });
      if (duration) animateTo(target, duration);
      else setView(target);
    },
    [size, animateTo, setView],
  );

  /** Centre a node, at zoom k (default: the current zoom, at least 80%). */
  const centerOn = useCallback(
    (n: LaidOutNode, k?: number, duration?: number) => {
      if (!size || !viewRef.current) return;
      animateTo(centredOn(n, size, k ?? Math.max(viewRef.current.k, 0.8)), duration);
    },
    [animateTo, size],
  );

  const pan = useCallback(
    (dx: number, dy: number) => {
      const v = viewRef.current;
      if (v) animateTo({ ...v, x: v.x + dx, y: v.y + dy }, 120);
    },
    [animateTo],
  );

  const fit = useCallback(() => {
    if (size) animateTo(fitView(layout.bounds, size));
  }, [layout, size, animateTo]);

  // Wheel zooms around the pointer (a non-passive listener, to keep the page still).
  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      stopAnimation();
      const rect = el.getBoundingClientRect();
      const delta = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);
      zoomBy(Math.exp(-delta * (event.ctrlKey ? 0.01 : 0.002)), { x: event.clientX - rect.left, y: event.clientY - rect.top });
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [zoomBy, stopAnimation]);

  // Drag to pan; two fingers pinch to zoom.
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const suppressClick = useRef(false);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 && event.pointerType === "mouse") return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    stopAnimation();
    const pts = [...pointers.current.values()];
    gesture.current = {
      moved: pts.length === 1 ? false : (gesture.current?.moved ?? false),
      startDistance: pts.length === 2 ? distance(pts) : 0,
      startK: viewRef.current?.k ?? 1,
    };
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
      const mid = { x: (pts[0].x + pts[1].x) / 2 - rect.left, y: (pts[0].y + pts[1].y) / 2 - rect.top };
      zoomBy((g.startK * distance(pts)) / g.startDistance / v.k, mid);
    } else if (pts.length === 1) {
      setView({ ...v, x: v.x + dx, y: v.y + dy });
    }
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) {
      if (gesture.current?.moved) {
        // The click that ends a drag is not a click on a node.
        suppressClick.current = true;
        setTimeout(() => (suppressClick.current = false), 0);
      }
      gesture.current = null;
    }
  };

  const currentView = useCallback(() => viewRef.current, []);
  const isPointerDown = useCallback(() => pointers.current.size > 0, []);
  const endsDrag = useCallback(() => suppressClick.current, []);

  return {
    viewportRef,
    size,
    view,
    /** The current view without waiting for a render. */
    currentView,
    /** The rendered window, in layout pixels (see nextWindow). */
    win,
    animateTo,
    zoomBy,
    centerOn,
    pan,
    fit,
    /** True while a pointer is down on the canvas (no tooltips mid-drag). */
    isPointerDown,
    /** True for the click that ends a drag. */
    endsDrag,
    pointerHandlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd },
  };
}
