import type { Metadata } from "next";
import { SessionsView } from "@/components/sessions/sessions-view";
import { firstParam, type PageSearchParams } from "@/lib/search-params";

export const metadata: Metadata = { title: "Sessions" };

export default async function SessionsPage({ searchParams }: { searchParams: PageSearchParams }) {
  const params = await searchParams;
  return (
    <SessionsView
      initialQuery={firstParam(params.q) ?? ""}
      initialAgent={firstParam(params.agent) ?? ""}
      initialShowArchived={firstParam(params.archived) === "all"}
    />
  );
}
