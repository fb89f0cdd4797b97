import type { Metadata } from "next";
import { CompareDiffPanel } from "@/components/diff/compare-diff-panel";
import { CompareView } from "@/components/compare/compare-view";
import { firstParam, type PageSearchParams } from "@/lib/search-params";

export const metadata: Metadata = { title: "Compare executions" };

/** /compare?a=<execution id>&b=<execution id> */
export default async function ComparePage({ searchParams }: { searchParams: PageSearchParams }) {
  const params = await searchParams;
  const a = firstParam(params.a)?.toLowerCase();
  const b = firstParam(params.b)?.toLowerCase();
  return (
    <div className="space-y-6">
      <CompareView key={`${a}|${b}`} a={a} b={b} />
      {/* Their files: snapshot of a → snapshot of b (components/diff). */}
      {a && b ? <CompareDiffPanel key={`files-${a}|${b}`} a={a} b={b} /> : null}
    </div>
  );
}
