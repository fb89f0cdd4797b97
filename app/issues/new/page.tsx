import type { Metadata } from "next";
import { NewIssueView } from "@/components/issues/new-issue-view";
import { parseId } from "@/lib/ids";
import { firstParam, type PageSearchParams } from "@/lib/search-params";

export const metadata: Metadata = { title: "New issue" };

export default async function NewIssuePage({ searchParams }: { searchParams: PageSearchParams }) {
  const specId = parseId("spec", firstParam((await searchParams).specId)) ?? undefined;
  return <NewIssueView defaultSpecId={specId} />;
}
