import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { Suspense } from "react";
import { IssueDetailView } from "@/components/issues/issue-detail-view";
import { LoadingBlock } from "@/components/ui/states";
import { earlyFetchScript, issuePaths } from "@/lib/executions/early-fetch";
import { HISTORY_PREVIEW_ROWS } from "@/lib/executions/history-rows";
import { parseId } from "@/lib/ids";
import { seededQueries } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { readIssuePage } from "@/server/issues/read-issue-page";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ view?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: parseId("issue", id) ?? "Issue not found" };
}

export default async function IssuePage({ params, searchParams }: Props) {
  const raw = (await params).id;
  const id = parseId("issue", raw);
  if (!id) notFound();
  if (id !== raw) redirect(`/issues/${id}`); // issue-7 → ISSUE-7
  const paths = issuePaths(id);
  // The issue and the History list's first rows are read here and drawn in the HTML: the page
  // shows them before any script has run (docs/performance.md, "UI at scale"). The tree picture
  // needs every execution to lay itself out: with ?view=tree only the issue is drawn.
  const tree = (await searchParams).view === "tree";
  // Not readable now (the database busy or gone): the page as it was before it drew its data, which asks in the browser.
  const data = await readIssuePage(id, { previewRows: tree ? 0 : HISTORY_PREVIEW_ROWS }).catch(() => null);
  const early = (
    <>
      {/* The executions are asked for as the HTML arrives, not after hydration (lib/executions/early-fetch.ts). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own script over a parsed id, not input text. */}
      <script dangerouslySetInnerHTML={{ __html: earlyFetchScript(data?.ok ? [paths.tree] : [paths.issue, paths.tree]) }} />
    </>
  );
  if (!data?.ok) {
    // Not there, or not readable now: the view asks in the browser and says why, as it always has.
    return (
      <>
        {early}
        {/*
          A boundary of its own, so hydration does not wait at the root for this
          view's scripts: without it, while they were still downloading, React
          restarted the whole page's hydration from the root again and again
          (Providers and the header rendered up to ~300 times under load, a new
          query client each time) and kept the main thread busy until they were
          in. The server renders the view itself, never this fallback; a
          client-side navigation shows it while the scripts load.
        */}
        <Suspense fallback={<LoadingBlock label="Loading the issue…" />}>
          <IssueDetailView id={id} />
        </Suspense>
      </>
    );
  }
  return (
    <>
      {early}
      {/* No <Suspense> here: React sends a boundary this large after the rest of the page, hidden until a script moves it in place. */}
      <HydrationBoundary state={seededQueries([[queryKeys.issues.detail(id), data.value.issue]])}>
        <IssueDetailView id={id} historyPreview={data.value.preview ?? undefined} />
      </HydrationBoundary>
    </>
  );
}
