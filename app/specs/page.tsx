import type { Metadata } from "next";
import { SpecsView } from "@/components/specs/specs-view";
import { parseProjectFilter } from "@/lib/projects/ids";
import { firstParam, type PageSearchParams } from "@/lib/search-params";

export const metadata: Metadata = { title: "Specs" };

export default async function SpecsPage({ searchParams }: { searchParams: PageSearchParams }) {
  const params = await searchParams;
  return <SpecsView initialQuery={firstParam(params.q) ?? ""} initialProjectId={parseProjectFilter(firstParam(params.projectId))} />;
}
