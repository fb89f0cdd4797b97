"use client";

// What a run did through Arbor's MCP server, on its page: one line under the
// title ("Consulted SESS-3, ISSUE-9 · raised ISSUE-12 · cited SESS-3") and,
// folded away, every call (tool, arguments, what came back, errors), the
// issues it raised and the refs it cited. Both read one request
// (GET /api/executions/:id/mcp-calls).
import { Fragment } from "react";
import { RefList } from "@/components/references/ref-list";
import { ErrorAlert } from "@/components/ui/alert";
import { Disclosure } from "@/components/ui/disclosure";
import { TextLink } from "@/components/ui/text-link";
import { RelativeTime } from "@/components/ui/time";
import { formatDuration } from "@/lib/executions/format";
import { useExecutionMcpActivity } from "@/lib/mcp/hooks";
import { formatChars, summarizeArguments } from "@/lib/mcp/format";
import type { ExecutionMcpActivity, McpCall } from "@/lib/mcp/schema";
import { formatCount } from "@/lib/format";

const hasActivity = (a: ExecutionMcpActivity) => a.callCount > 0 || a.raisedIssues.length > 0 || a.citations.length > 0;
const unique = (ids: string[]) => [...new Set(ids)];

/** The header's line: what the run read, raised and cited, as links; nothing when it did none of these. */
export function ConsultedLine({ executionId }: { executionId: string }) {
  const activity = useExecutionMcpActivity(executionId);
  const a = activity.data;
  if (!a) return null;
  const parts = (
    [
      ["consulted", "consulted", a.consulted],
      ["raised", "raised", a.raisedIssues.map((i) => i.id)],
      ["cited", "cited", unique(a.citations.map((c) => c.targetId))],
    ] as const
  ).filter(([, , ids]) => ids.length > 0);
  if (parts.length === 0) return null;
  return (
    <p aria-label="What this run read and recorded in Arbor" className="text-sm text-zinc-600 dark:text-zinc-400">
      {parts.map(([slot, word, ids], i) => (
        <Fragment key={slot}>
          {i > 0 ? " · " : null}
          <span data-slot={slot}>
            {i > 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)} <RefList ids={ids} />
          </span>
        </Fragment>
      ))}
    </p>
  );
}

/** Every call the run made to Arbor, folded away; absent for a run that made none. */
export function McpCallsPanel({ executionId }: { executionId: string }) {
  const activity = useExecutionMcpActivity(executionId);
  if (activity.isError) return <ErrorAlert title="Could not load this run's calls to Arbor">{activity.error.message}</ErrorAlert>;
  const a = activity.data;
  if (!a || !hasActivity(a)) return null;
  const errors = a.calls.filter((c) => c.isError).length;
  const hint = `${a.callCount} call${a.callCount === 1 ? "" : "s"} to Arbor's MCP server${errors ? `, ${errors} failed` : ""}`;
  return (
    <Disclosure title="Arbor calls" hint={hint} slot="mcp-calls">
      <div className="space-y-4 px-4 py-3 text-sm">
        {a.calls.length ? <CallsTable calls={a.calls} /> : null}
        {a.callCount > a.calls.length ? (
          <p className="text-xs text-zinc-500">
            and {formatCount(a.callCount - a.calls.length)} later call{a.callCount - a.calls.length === 1 ? "" : "s"} not listed
          </p>
        ) : null}
        {a.raisedIssues.length ? (
          <section aria-label="Issues it raised">
            <h3 className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Issues it raised</h3>
            <ul className="mt-1 space-y-0.5">
              {a.raisedIssues.map((issue) => (
                <li key={issue.id}>
                  <TextLink mono href={`/issues/${issue.id}`}>
                    {issue.id}
                  </TextLink>{" "}
                  {issue.title} <span className="text-xs text-zinc-500">({issue.status.replace("_", " ")})</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {a.citations.length ? (
          <section aria-label="Refs it cited">
            <h3 className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Refs it cited</h3>
            <ul className="mt-1 space-y-0.5">
              {a.citations.map((c) => (
                <li key={`${c.sourceId}-${c.targetId}`}>
                  <RefList ids={[c.sourceId]} /> cites <RefList ids={[c.targetId]} />
                  {c.note ? <span className="text-zinc-600 dark:text-zinc-400"> — {c.note}</span> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </Disclosure>
  );
}

function CallsTable({ calls }: { calls: McpCall[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs" aria-label="Calls to Arbor's MCP server">
        <thead className="text-zinc-500">
          <tr>
            <th className="py-1 pr-2 font-medium">Tool</th>
            <th className="px-2 py-1 font-medium">Arguments</th>
            <th className="px-2 py-1 font-medium">Answer</th>
            <th className="px-2 py-1 font-medium">Read</th>
            <th className="py-1 pl-2 text-right font-medium">When</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {calls.map((c) => {
            const args = summarizeArguments(c.arguments);
            return (
              <tr key={c.id} data-call={c.tool} data-error={c.isError ? "true" : undefined}>
                <td className="py-1 pr-2 font-mono">{c.tool}</td>
                <td className="max-w-[24rem] truncate px-2 py-1" title={args}>
                  {args}
                </td>
                <td className="px-2 py-1 whitespace-nowrap tabular-nums">
                  {c.isError ? <span className="font-medium text-red-700 dark:text-red-400">error: </span> : null}
                  {formatChars(c.resultChars)}
                  <span className="text-zinc-500"> · {formatDuration(c.durationMs)}</span>
                </td>
                <td className="px-2 py-1">{c.consulted.length ? <RefList ids={c.consulted} /> : <span className="text-zinc-400">—</span>}</td>
                <td className="py-1 pl-2 text-right whitespace-nowrap text-zinc-500">
                  <RelativeTime iso={c.createdAt} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
