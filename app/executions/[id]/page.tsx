import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { ExecutionView } from "@/components/execution/execution-view";
import { LoadingBlock } from "@/components/ui/states";
import { earlyFetchScript, executionPath, logTailPath } from "@/lib/executions/early-fetch";
import { TAIL_EVENTS } from "@/lib/executions/log-loader";
import { isUuid } from "@/lib/ids";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: `Execution ${id.slice(0, 8)}` };
}

export default async function ExecutionPage({ params }: Props) {
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const executionId = id.toLowerCase();
  return (
    <>
      {/* The execution and the end of its log are asked for as the HTML arrives, not after hydration (lib/executions/early-fetch.ts). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own script over a checked uuid, not input text. */}
      <script dangerouslySetInnerHTML={{ __html: earlyFetchScript([executionPath(executionId), logTailPath(executionId, TAIL_EVENTS)]) }} />
      {/* A boundary of its own, as the issue page's (app/issues/[id]/page.tsx says why): hydration does not restart at the root while this view's scripts load. */}
      <Suspense fallback={<LoadingBlock label="Loading the execution…" />}>
        <ExecutionView id={executionId} />
      </Suspense>
    </>
  );
}
