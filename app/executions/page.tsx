import type { Metadata } from "next";
import { Suspense } from "react";
import { FilteredExecutionsView } from "@/components/insights/filtered-executions-view";
import { LoadingBlock } from "@/components/ui/states";

export const metadata: Metadata = { title: "Executions" };

/** /executions?agent=claude&verdict=worked&…: the executions behind an Insights number (the filters of GET /api/executions). */
export default function ExecutionsPage() {
  return (
    <Suspense fallback={<LoadingBlock label="Loading executions…" />}>
      <FilteredExecutionsView />
    </Suspense>
  );
}
