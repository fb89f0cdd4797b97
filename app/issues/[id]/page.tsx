import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { Suspense } from "react";
import { IssueDetailView } from "@/components/issues/issue-detail-view";
import { LoadingBlock } from "@/components/ui/states";
import { earlyFetchScript, issuePaths } from "@/lib/executions/early-fetch";
import { parseId } from "@/lib/ids";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: parseId("issue", id) ?? "Issue not found" };
}

export default async function IssuePage({ params }: Props) {
  const raw = (await params).id;
  const id = parseId("issue", raw);
  if (!id) notFound();
  if (id !== raw) redirect(`/issues/${id}`); // issue-7 → ISSUE-7
  const paths = issuePaths(id);
  return (
    <>
      {/* The issue and its tree are asked for as the HTML arrives, not after hydration (lib/executions/early-fetch.ts). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own script over a parsed id, not input text. */}
      <script dangerouslySetInnerHTML={{ __html: earlyFetchScript([paths.issue, paths.tree]) }} />
      {/*
        A boundary of its own, so hydration does not wait at the root for this
        view's scripts: without it, while they were still downloading, React
        restarted the whole page's hydration from the root again and again
        (Providers and the header rendered up to ~300 times under load, a new
        query client each time) and kept the main thread busy until they were
        in. The server renders the view itself (its loading state), never this
        fallback; a client-side navigation shows it while the scripts load.
      */}
      <Suspense fallback={<LoadingBlock label="Loading the issue…" />}>
        <IssueDetailView id={id} />
      </Suspense>
    </>
  );
}
