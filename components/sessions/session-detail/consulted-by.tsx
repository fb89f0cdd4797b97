"use client";

// "Consulted by" on a session's page: the later runs whose agents read this
// session through Arbor's MCP server (get_session), the latest reader first,
// each linking to the run and to its own session.
import Link from "next/link";
import { ErrorAlert } from "@/components/ui/alert";
import { ExecutionStatusDot } from "@/components/ui/execution-status-badge";
import { LoadingBlock } from "@/components/ui/states";
import { ExecutionLink, TextLink } from "@/components/ui/text-link";
import { RelativeTime } from "@/components/ui/time";
import { agentName } from "@/lib/agents/names";
import { useSessionConsulters } from "@/lib/mcp/hooks";
import { formatCount } from "@/lib/format";

const notListed = (n: number) => `and ${formatCount(n)} earlier reader${n === 1 ? "" : "s"} not listed`;

export function ConsultedBy({ sessionId }: { sessionId: string }) {
  const consulters = useSessionConsulters(sessionId);
  const headingId = `consulted-by-${sessionId}`;
  const data = consulters.data;
  return (
    <section aria-labelledby={headingId} data-slot="consulted-by" className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        Consulted by
        {data ? <span className="ml-2 text-sm font-normal text-zinc-500">{data.total}</span> : null}
      </h2>
      {consulters.isError ? (
        <ErrorAlert title="Could not load the runs that read this session">{consulters.error.message}</ErrorAlert>
      ) : !data ? (
        <LoadingBlock label="Loading the runs that read this session…" />
      ) : data.items.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          No run has read {sessionId} through Arbor yet. Agents that can consult Arbor find it by searching.
        </p>
      ) : (
        <>
          <ul
            aria-label={`Runs that read ${sessionId}`}
            className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
          >
            {data.items.map((item) => (
              <li key={item.executionId} data-execution={item.executionId} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2.5 text-sm">
                <span className="flex items-center gap-1.5">
                  <ExecutionStatusDot status={item.status} />
                  <ExecutionLink id={item.executionId} />
                </span>
                {item.sessionId ? (
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">
                    in{" "}
                    {item.sessionId === sessionId ? (
                      "this session"
                    ) : (
                      <TextLink mono href={`/sessions/${item.sessionId}`}>
                        {item.sessionId}
                      </TextLink>
                    )}
                  </span>
                ) : null}
                <Link href={`/issues/${item.issueId}`} className="min-w-0 flex-1 truncate text-zinc-900 hover:underline dark:text-zinc-100">
                  <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{item.issueId}</span> {item.issueTitle}
                </Link>
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  {agentName(item.agent)} · read {item.reads === 1 ? "once" : `${item.reads} times`}, last <RelativeTime iso={item.lastReadAt} />
                </span>
              </li>
            ))}
          </ul>
          {data.total > data.items.length ? <p className="text-xs text-zinc-500">{notListed(data.total - data.items.length)}</p> : null}
        </>
      )}
    </section>
  );
}
