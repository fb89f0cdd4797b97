import type { Metadata } from "next";
import { NewIssueView } from "@/components/issues/new-issue-view";
import { parseId } from "@/lib/ids";
import { parseProjectId } from "@/lib/projects/ids";
import { firstParam, type PageSearchParams } from "@/lib/search-params";

export const metadata: Metadata = { title: "New issue" };

export default async function NewIssuePage({ searchParams }: { searchParams: PageSearchParams }) {
  const params = await searchParams;
  const specId = parseId("spec", firstParam(params.specId)) ?? undefined;
  const projectId = parseProjectId(firstParam(params.projectId)) ?? undefined;
  return <NewIssueView defaultSpecId={specId} defaultProjectId={projectId} />;
}
