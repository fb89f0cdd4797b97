import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { ExecutionView } from "@/components/execution/execution-view";
import { LoadingBlock } from "@/components/ui/states";
import { earlyFetchScript, executionPath, logTailPath } from "@/lib/executions/early-fetch";
import { HTML_TAIL_EVENTS, TAIL_EVENTS } from "@/lib/executions/log-loader";
import { isUuid } from "@/lib/ids";
import { queryKeys } from "@/lib/query-keys";
import { seededQueries } from "@/lib/query-client";
import { readExecutionPage } from "@/server/executions/read-execution-page";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: `Execution ${id.slice(0, 8)}` };
}

export default async function ExecutionPage({ params }: Props) {
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const executionId = id.toLowerCase();
  // The execution and the end of its log are read here and drawn in the HTML: the
  // last entry shows before any script has run (docs/performance.md, "UI at scale").
  const data = await readExecutionPage(executionId, HTML_TAIL_EVENTS);
  if (!data.ok) {
    // Not there, or not readable now: the view asks in the browser and says why, as it always has.
    return (
      <>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own script over a checked uuid, not input text. */}
        <script dangerouslySetInnerHTML={{ __html: earlyFetchScript([executionPath(executionId), logTailPath(executionId, TAIL_EVENTS)]) }} />
        {/* A boundary of its own, as the issue page's (app/issues/[id]/page.tsx says why): hydration does not restart at the root while this view's scripts load. */}
        <Suspense fallback={<LoadingBlock label="Loading the execution…" />}>
          <ExecutionView id={executionId} />
        </Suspense>
      </>
    );
  }
  const seeded = seededQueries([
    [queryKeys.executions.detail(executionId), data.value.execution],
    [queryKeys.executions.logTail(executionId), data.value.tail],
  ]);
  return (
    // No <Suspense> here: React would send a boundary this large after the rest of the page, hidden
    // until a script moves it in place, and the log could not open at its end as the HTML is parsed.
    <HydrationBoundary state={seeded}>
      <ExecutionView id={executionId} />
    </HydrationBoundary>
  );
}
