import type { Metadata } from "next";
import { SearchView } from "@/components/search/search-view";
import { firstParam, type PageSearchParams } from "@/lib/search-params";

export const metadata: Metadata = { title: "Search" };

export default async function SearchPage({ searchParams }: { searchParams: PageSearchParams }) {
  const q = firstParam((await searchParams).q) ?? "";
  return <SearchView initialQuery={q} />;
}
