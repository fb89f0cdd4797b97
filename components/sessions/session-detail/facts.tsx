// The session page's facts: its agent session id, issue, fork origin, totals and transcript retention.
import type { ReactNode } from "react";
import { ResumeSavings, TranscriptFact } from "@/components/sessions/session-resume";
import { WarmFact } from "@/components/sessions/session-warm";
import { StatusBadge } from "@/components/ui/badges";
import { CopyButton } from "@/components/ui/copy-button";
import { ExecutionLink, TextLink } from "@/components/ui/text-link";
import { formatCost } from "@/lib/executions/format";
import type { SessionDetail } from "@/lib/sessions/schema";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_minmax(0,1fr)] items-baseline gap-2 py-1.5 text-sm">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

export function SessionFacts({ session }: { session: SessionDetail }) {
  const t = session.totals;
  return (
    <dl aria-label="Session details" className="rounded-lg border border-zinc-200 bg-white px-4 py-2 dark:border-zinc-800 dark:bg-zinc-900">
      <Fact label="Agent session">
        <span className="flex flex-wrap items-center gap-2">
          <code className="break-all font-mono text-xs">{session.agentSessionId}</code>
          <CopyButton value={session.agentSessionId} />
        </span>
      </Fact>
      <Fact label="Issue">
        <span className="flex flex-wrap items-center gap-2">
          <TextLink href={`/issues/${session.issue.id}`}>{session.issue.id}</TextLink>
          <span className="truncate">{session.issue.title}</span>
          <StatusBadge status={session.issue.status} />
        </span>
      </Fact>
      {session.parentSession ? (
        <Fact label="Forked from">
          <TextLink href={`/sessions/${session.parentSession.id}`}>{session.parentSession.id}</TextLink> <span>{session.parentSession.title}</span>
          {session.forkedFromExecutionId ? (
            <>
              {" "}
              at <ExecutionLink id={session.forkedFromExecutionId} />
            </>
          ) : null}
        </Fact>
      ) : session.parentSessionId ? (
        <Fact label="Forked from">{session.parentSessionId}</Fact>
      ) : null}
      <Fact label="Totals">
        {t.executionCount === 1 ? "1 execution" : `${t.executionCount} executions`} · {t.inputTokens.toLocaleString("en-US")} in /{" "}
        {t.outputTokens.toLocaleString("en-US")} out tokens · {formatCost(t.costUsd)}
      </Fact>
      <Fact label="Resume">
        <ResumeSavings session={session} />
      </Fact>
      <Fact label="Transcript">
        <TranscriptFact session={session} />
      </Fact>
      <Fact label="Agent process">
        <WarmFact session={session} />
      </Fact>
      {session.runtime ? (
        <Fact label="Runtime">
          <code className="break-all font-mono text-xs">{session.runtime.path}</code>
          {session.runtime.version ? <span className="text-zinc-500"> ({session.runtime.version})</span> : null}
        </Fact>
      ) : null}
    </dl>
  );
}
