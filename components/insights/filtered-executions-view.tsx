"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { ExecutionRow } from "@/components/execution/execution-list";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState, LoadingBlock } from "@/components/ui/states";
import { PageHeader } from "@/components/ui/page-header";
import { insightsHref } from "@/lib/insights/api";
import { useFilteredExecutions } from "@/lib/insights/hooks";
import { formatCount } from "@/lib/format";

const SCOPE_KEYS = ["issue", "spec", "agent", "model", "session", "lineage", "turns", "tool", "since", "from", "to"];

/** The filter in words: "agent claude · finished · session id captured · since 2026-03-01". */
function describe(params: Record<string, string>): string[] {
  const yes = (key: string, on: string, off: string) => (params[key] === "yes" ? on : params[key] === "no" ? off : null);
  const words = [
    ...["issue", "spec", "agent", "model", "session", "tool"].filter((k) => params[k]).map((k) => `${k} ${params[k] === "none" ? "none" : params[k]}`),
    params.lineage ? `started as ${params.lineage}` : null,
    params.turns ? `${params.turns} turns` : null,
    params.status ? `status ${params.status.replace(/,/g, " or ")}` : null,
    yes("finished", "finished", "not finished"),
    yes("sessionAgents", "agents with sessions", "agents without sessions"),
    yes("captured", "session id captured", "no session id"),
    yes("resumed", "continues and forks", "new runs"),
    yes("timed", "capture time recorded", "capture time not recorded"),
    params.verdict ? ({ worked: "worked", failed: "didn't work", judged: "judged", none: "not judged" }[params.verdict] ?? null) : null,
    params.signal ? `signal ${params.signal}` : null,
    params.errorCode ? `error ${params.errorCode}` : null,
    yes("branchPoint", "forked from", "not forked from"),
    params.preference ? `preferred line: ${params.preference}` : null,
    yes("citedBySpec", "in sessions a spec cites", "in sessions no spec cites"),
    yes("consultedSessions", "consulted a session through Arbor", "consulted no session"),
    yes("succeeded", "completed with nothing refused", "did not succeed"),
    params.from ? `from ${params.from.slice(0, 16).replace("T", " ")}` : null,
    params.to ? `to ${params.to.slice(0, 16).replace("T", " ")}` : null,
    params.since ? `since ${params.since}` : null,
  ];
  return words.filter((w): w is string => Boolean(w));
}

/** /executions?…: the executions behind an Insights number, newest first, 50 at a time. */
export function FilteredExecutionsView() {
  const search = useSearchParams();
  const params = useMemo(() => Object.fromEntries(search?.entries() ?? []), [search]);
  const list = useFilteredExecutions(params);
  const scope = Object.fromEntries(Object.entries(params).filter(([k]) => SCOPE_KEYS.includes(k)));
  const words = describe(params);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total;
  return (
    <div className="space-y-4">
      <PageHeader
        title="Executions"
        description={words.length ? words.join(" · ") : "All executions, newest first"}
        actions={
          <Link href={insightsHref(scope)} className="text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400">
            Insights for these filters
          </Link>
        }
      />
      {list.isError ? (
        <ErrorAlert title="Could not list these executions">{list.error.message}</ErrorAlert>
      ) : list.isPending ? (
        <LoadingBlock label="Loading executions…" />
      ) : items.length === 0 ? (
        <EmptyState title="No executions match">The number you followed may have changed since: new runs, marks or filters.</EmptyState>
      ) : (
        <>
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-slot="executions-total">
            {total === undefined ? null : formatCount(total)} execution{total === 1 ? "" : "s"}
            {items.length < (total ?? 0) ? `, ${formatCount(items.length)} shown` : ""}
          </p>
          <ul
            aria-label="Executions"
            className="divide-y divide-zinc-100 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
          >
            {items.map((e) => (
              <ExecutionRow key={e.id} e={e} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button variant="secondary" size="sm" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
              {list.isFetchingNextPage ? "Loading…" : "Show more"}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
