"use client";

import Link from "next/link";
import { useApprovals } from "@/lib/approvals/hooks";
import { PageHeader } from "@/components/ui/page-header";
import { QueryGate } from "@/components/ui/query-gate";
import { EmptyState } from "@/components/ui/states";
import { RelativeTime } from "@/components/ui/time";
import { ApprovalCard } from "./approval-card";
import { AttentionSettingsPanel } from "./attention-settings";

/** Everything agents wait on a person for, across issues and projects, the longest-waiting first; each decided in place. */
export function InboxView() {
  const pending = useApprovals({ status: "pending" });
  const decided = useApprovals({ status: "decided" });
  return (
    <div className="space-y-6">
      <PageHeader
        title="Inbox"
        description="What agents are waiting for you to decide: commands to run, questions, plans. The one waiting longest comes first."
      />
      <AttentionSettingsPanel />
      <QueryGate query={pending} noun="what waits for you">
        {(list) =>
          list.approvals.length === 0 ? (
            <EmptyState title="Nothing waits for you">When an agent asks before a command, asks a question or proposes a plan, it shows up here.</EmptyState>
          ) : (
            <ul className="space-y-4" aria-label="Waiting for you">
              {list.approvals.map((approval) => (
                <li key={approval.id} className="space-y-1">
                  <p className="text-xs text-zinc-500">
                    <Link className="underline-offset-2 hover:underline" href={`/executions/${approval.executionId}`}>
                      {approval.issueId} · {approval.issueTitle}
                    </Link>{" "}
                    · asked <RelativeTime iso={approval.requestedAt} />
                  </p>
                  <ApprovalCard approval={approval} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryGate>
      <QueryGate query={decided} noun="earlier decisions">
        {(list) =>
          list.approvals.length === 0 ? null : (
            <section aria-labelledby="decided-heading" className="space-y-2">
              <h2 id="decided-heading" className="text-sm font-semibold text-zinc-700 dark:text-zinc-300">
                Decided
              </h2>
              <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
                {list.approvals.slice(0, 50).map((approval) => (
                  <li key={approval.id} className="flex flex-wrap items-baseline gap-x-2 py-1.5">
                    <span className="font-mono text-xs text-zinc-500">{approval.id}</span>
                    <span className="font-medium">{approval.status}</span>
                    <span className="min-w-0 truncate font-mono text-xs">{approval.summary}</span>
                    <span className="text-xs text-zinc-500">
                      {approval.decidedBy ? `by ${approval.decidedBy} ` : ""}
                      {approval.decidedAt ? <RelativeTime iso={approval.decidedAt} /> : null}
                    </span>
                    <Link className="text-xs text-emerald-700 hover:underline dark:text-emerald-400" href={`/executions/${approval.executionId}`}>
                      its run
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )
        }
      </QueryGate>
    </div>
  );
}
