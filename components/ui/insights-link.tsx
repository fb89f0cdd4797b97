import Link from "next/link";
import { insightsHref } from "@/lib/insights/api";

/** "Insights" for an issue, spec, agent or session: the Insights page filtered to it. */
export function InsightsLink({ filters, children = "Insights" }: { filters: Record<string, string>; children?: React.ReactNode }) {
  return (
    <Link href={insightsHref(filters)} className="font-medium text-emerald-700 hover:underline dark:text-emerald-400" data-slot="insights-link">
      {children}
    </Link>
  );
}
