"use client";

import { lazy, Suspense, useEffect, type ComponentProps } from "react";
import { LoadingBlock } from "@/components/ui/states";

// react-diff-view and its patch parser load when a diff is first shown, not
// with every page that may show one (the execution page draws its log from
// its HTML; this code would only lengthen its hydration).
const load = () => import("./diff-viewer");
const DiffViewerChunk = lazy(() => load().then((m) => ({ default: m.DiffViewer })));

/** Starts loading the viewer's code once `when` holds (a diff is on its way), so code and diff arrive together. */
export function usePreloadDiffViewer(when = true): void {
  useEffect(() => {
    if (when) void load();
  }, [when]);
}

/** DiffViewer, its code loaded on first use. */
export function LazyDiffViewer(props: ComponentProps<typeof DiffViewerChunk>) {
  return (
    <Suspense fallback={<LoadingBlock label="Loading the diff…" />}>
      <DiffViewerChunk {...props} />
    </Suspense>
  );
}
