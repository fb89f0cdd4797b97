"use client";

import { Fragment } from "react";
import { FIELDS, type CompareSide } from "@/components/compare/compare-fields";
import { ComparePrefer } from "@/components/outcomes/compare-prefer";
import { ErrorAlert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, LoadingBlock } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { cn } from "@/lib/cn";
import { shortId } from "@/lib/executions/format";
import { compareHref } from "@/lib/hrefs";
import { isUuid } from "@/lib/ids";
import { useExecution, useExecutionSummary } from "@/lib/executions/hooks";

/** The two executions side by side, a row per aspect; rows that differ are marked. */
export function CompareTable({ a, b }: { a: CompareSide; b: CompareSide }) {
  return (
    <table className="w-full table-fixed border-separate border-spacing-0 text-sm">
      <caption className="sr-only">
        Comparison of execution #{shortId(a.execution.id)} (A) and #{shortId(b.execution.id)} (B)
      </caption>
      <colgroup>
        <col className="hidden w-32 sm:table-column" />
        <col />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th scope="col" className="hidden border-b border-zinc-200 pb-2 text-left text-xs font-medium text-zinc-500 sm:table-cell dark:border-zinc-800">
            <span className="sr-only">Aspect</span>
          </th>
          {[a, b].map((side, i) => (
            <th key={side.execution.id} scope="col" className="border-b border-zinc-200 px-2 pb-2 text-left font-semibold dark:border-zinc-800">
              {i === 0 ? "A" : "B"} · <span className="font-mono">#{shortId(side.execution.id)}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {FIELDS.map((field) => {
          const va = field.value?.(a);
          const vb = field.value?.(b);
          const differs = field.value !== undefined && va !== null && vb !== null && va !== undefined && vb !== undefined && va !== vb;
          const better = differs && field.lowerIsBetter && typeof va === "number" && typeof vb === "number" ? (va < vb ? 0 : 1) : null;
          return (
            <Fragment key={field.label}>
              <tr className="sm:hidden">
                <th
                  scope="colgroup"
                  colSpan={2}
                  className="bg-zinc-50 px-2 pt-3 pb-1 text-left text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:bg-zinc-900/60"
                >
                  {field.label}
                  {differs ? <span className="ml-1 font-normal normal-case text-amber-700 dark:text-amber-400">· differs</span> : null}
                </th>
              </tr>
              <tr data-differs={differs ? "true" : undefined} className={differs ? "bg-amber-50/50 dark:bg-amber-950/20" : undefined}>
                <th
                  scope="row"
                  className="hidden border-b border-zinc-100 py-2 pr-2 text-left align-top text-xs font-medium text-zinc-500 sm:table-cell dark:border-zinc-800"
                >
                  {field.label}
                  {differs ? <span className="block font-normal text-amber-700 dark:text-amber-400">differs</span> : null}
                </th>
                {[a, b].map((side, i) => (
                  <td
                    key={i}
                    className={cn(
                      "min-w-0 border-b border-zinc-100 px-2 py-2 align-top break-words dark:border-zinc-800",
                      better === i ? "font-semibold text-emerald-800 dark:text-emerald-300" : "",
                    )}
                  >
                    {field.render(side)}
                    {better === i ? <span className="sr-only"> (lower)</span> : null}
                  </td>
                ))}
              </tr>
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

/** /compare?a=<id>&b=<id>: two executions (typically two forks) side by side. */
export function CompareView({ a, b }: { a?: string; b?: string }) {
  const valid = Boolean(a && b && isUuid(a) && isUuid(b));
  const ea = useExecution(a ?? "", { enabled: valid });
  const eb = useExecution(b ?? "", { enabled: valid });
  const sa = useExecutionSummary(valid ? a! : null);
  const sb = useExecutionSummary(valid ? b! : null);

  if (!valid) {
    return (
      <div className="space-y-6">
        <PageHeader title="Compare executions" />
        <EmptyState title="Pick two executions to compare">
          Tick two rows in an issue&apos;s history, or use &ldquo;Compare forks&rdquo; in its session tree. The address is
          /compare?a=&lt;id&gt;&amp;b=&lt;id&gt;.
        </EmptyState>
      </div>
    );
  }
  const error = ea.error ?? eb.error;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Compare executions"
        description={
          ea.data && eb.data ? (
            <>
              <TextLink href={`/issues/${ea.data.issueId}`}>{ea.data.issueId}</TextLink>
              {eb.data.issueId !== ea.data.issueId ? (
                <>
                  {" "}
                  and <TextLink href={`/issues/${eb.data.issueId}`}>{eb.data.issueId}</TextLink>
                </>
              ) : null}
            </>
          ) : undefined
        }
        actions={
          <LinkButton href={compareHref(b!, a!)} variant="secondary" size="sm">
            Swap A and B
          </LinkButton>
        }
      />
      {ea.data && eb.data ? <ComparePrefer a={ea.data.id} b={eb.data.id} /> : null}
      {error ? (
        <ErrorAlert title="Could not load the executions">{error.message}</ErrorAlert>
      ) : !ea.data || !eb.data ? (
        <LoadingBlock label="Loading executions…" />
      ) : (
        <div className="rounded-lg border border-zinc-200 bg-white p-2 sm:p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <CompareTable
            a={{ execution: ea.data, summary: sa.data ?? null, summaryError: sa.error?.message ?? null }}
            b={{ execution: eb.data, summary: sb.data ?? null, summaryError: sb.error?.message ?? null }}
          />
        </div>
      )}
    </div>
  );
}
