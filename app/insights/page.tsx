import type { Metadata } from "next";
import { Suspense } from "react";
import { InsightsView } from "@/components/insights/insights-view";
import { LoadingBlock } from "@/components/ui/states";

export const metadata: Metadata = { title: "Insights" };

/** /insights[?issue=ISSUE-1&spec=&agent=&session=&since=30d|from=&to=&bucket=] */
export default function InsightsPage() {
  return (
    <Suspense fallback={<LoadingBlock label="Loading insights…" />}>
      <InsightsView />
    </Suspense>
  );
}
