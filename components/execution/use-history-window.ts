"use client";

import { defaultRangeExtractor, useWindowVirtualizer, type Range } from "@tanstack/react-virtual";
import { useCallback, useLayoutEffect, useState, type RefObject } from "react";

/**
 * A row's height before it is measured: in the page's 64rem column a row
 * without a form open wraps its Continue / Fork onto a second line (77 px;
 * 53 px when it fits on one). Only a first guess for the rows not yet drawn
 * (the list's height, the offset of a far row): every drawn row is measured.
 */
export const HISTORY_ROW_ESTIMATE = 77;

/**
 * Up to this many rows the list renders them all: a typical issue has a few
 * dozen turns, and then find-in-page sees every row and nothing appears as
 * the page scrolls, at a cost (~20 elements a row) the page does not feel.
 * Longer lists render the rows near the window only.
 */
export const HISTORY_RENDER_ALL_MAX = 100;

/** Rows rendered beyond each edge of the window: Tab from the last one in view lands on a rendered row (the browser then scrolls it in, and the window moves on). */
const OVERSCAN = 8;

/**
 * The History list's window over its rows. The page scrolls, not the list,
 * so the window is the browser's viewport (useWindowVirtualizer), offset by
 * where the list starts in the document (scrollMargin), re-read whenever the
 * page above it changes size (the description's renderer and the run form
 * arrive after the first view). `pinned`: rows kept rendered wherever the
 * window is (an open follow-up form, the row holding focus), so typing and
 * focus survive a scroll.
 */
export function useHistoryWindow({ listRef, keys, pinned }: { listRef: RefObject<HTMLElement | null>; keys: string[]; pinned: number[] }) {
  const [scrollMargin, setScrollMargin] = useState(0);
  const count = keys.length;

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const top = list.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((current) => (Math.abs(current - top) < 1 ? current : top));
    };
    measure();
    // Content above the list changing size changes the body's size too.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    window.addEventListener("resize", measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [listRef]);

  const renderAll = count <= HISTORY_RENDER_ALL_MAX;
  const pinnedKey = pinned.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: pinnedKey stands for pinned's content (a new array each render).
  const rangeExtractor = useCallback(
    (range: Range) => {
      if (renderAll) return Array.from({ length: range.count }, (_, i) => i);
      const shown = defaultRangeExtractor(range);
      // A row may be pinned twice (its form open and focus in it): each index once, or React would render it twice.
      const outside = [...new Set(pinned)].filter((i) => i < range.count && (i < shown[0] || i > shown[shown.length - 1]));
      return outside.length ? [...shown, ...outside].sort((a, b) => a - b) : shown;
    },
    [renderAll, pinnedKey],
  );

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => HISTORY_ROW_ESTIMATE,
    getItemKey: (index) => keys[index],
    overscan: OVERSCAN,
    scrollMargin,
    rangeExtractor,
    // The viewport is known at the first render: the first screen of rows is in the first commit.
    initialRect: typeof window === "undefined" ? undefined : { width: window.innerWidth, height: window.innerHeight },
  });
  return { virtualizer, scrollMargin };
}
