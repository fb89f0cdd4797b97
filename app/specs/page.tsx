import type { Metadata } from "next";
import { SpecsView } from "@/components/specs/specs-view";
import { firstParam, type PageSearchParams } from "@/lib/search-params";

export const metadata: Metadata = { title: "Specs" };

export default async function SpecsPage({ searchParams }: { searchParams: PageSearchParams }) {
  const q = firstParam((await searchParams).q) ?? "";
  return <SpecsView initialQuery={q} />;
}
