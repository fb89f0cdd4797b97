// The session page's facts, folded under "Details": its agent's session id,
// issue, fork origin, totals, what resume saved, whether the agent still has
// it, whether it is kept ready, and the agent program that ran it.
import { ResumeSavings, TranscriptFact } from "@/components/sessions/session-resume";
import { WarmFact } from "@/components/sessions/session-warm";
import { StatusBadge } from "@/components/ui/badges";
import { CopyButton } from "@/components/ui/copy-button";
import { Disclosure } from "@/components/ui/disclosure";
import { FactRow as Fact } from "@/components/ui/fact-row";
import { ExecutionLink, TextLink } from "@/components/ui/text-link";
import { formatCost } from "@/lib/executions/format";
import type { SessionDetail } from "@/lib/sessions/schema";
import { formatCount } from "@/lib/format";

export function SessionFacts({ session }: { session: SessionDetail }) {
  const t = session.totals;
  return (
    <Disclosure title="Details" hint="tokens and cost, whether the agent still has it, the agent program" slot="session-details">
      <dl aria-label="Session details" className="px-4 py-2">
        <Fact label="Agent's session id" title="The id the agent CLI gave the session (what --resume takes)">
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
          {t.executionCount === 1 ? "1 execution" : `${t.executionCount} executions`} · {formatCount(t.inputTokens)} in / {formatCount(t.outputTokens)} out
          tokens · {formatCost(t.costUsd)}
        </Fact>
        <Fact label="Resumed turns" title="Turns that ran on the agent's own resumed session, and the input they did not have to send again">
          <ResumeSavings session={session} />
        </Fact>
        <Fact label="Agent's memory" title="Whether the agent still keeps its transcript of the session">
          <TranscriptFact session={session} />
        </Fact>
        <Fact label="Kept ready" title="Warm session: the agent's process kept alive between turns">
          <WarmFact session={session} />
        </Fact>
        {session.runtime ? (
          <Fact label="Agent program" title="The agent binary (runtime) of its latest turn">
            <code className="break-all font-mono text-xs">{session.runtime.path}</code>
            {session.runtime.version ? <span className="text-zinc-500"> ({session.runtime.version})</span> : null}
          </Fact>
        ) : null}
      </dl>
    </Disclosure>
  );
}
