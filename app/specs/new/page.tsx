import type { Metadata } from "next";
import { NewSpecView } from "@/components/specs/new-spec-view";
import { parseProjectId } from "@/lib/projects/ids";
import { firstParam, type PageSearchParams } from "@/lib/search-params";

export const metadata: Metadata = { title: "New spec" };

export default async function NewSpecPage({ searchParams }: { searchParams: PageSearchParams }) {
  const projectId = parseProjectId(firstParam((await searchParams).projectId)) ?? undefined;
  return <NewSpecView defaultProjectId={projectId} />;
}
