import type { Metadata } from "next";
import { IssuesView } from "@/components/issues/issues-view";
import { issueStatusSchema } from "@/lib/issues/schema";
import { parseProjectFilter } from "@/lib/projects/ids";
import { firstParam, type PageSearchParams } from "@/lib/search-params";

export const metadata: Metadata = { title: "Issues" };

export default async function IssuesPage({ searchParams }: { searchParams: PageSearchParams }) {
  const params = await searchParams;
  const status = issueStatusSchema.safeParse(firstParam(params.status));
  return (
    <IssuesView
      initialQuery={firstParam(params.q) ?? ""}
      initialStatus={status.success ? status.data : undefined}
      initialProjectId={parseProjectFilter(firstParam(params.projectId))}
    />
  );
}
