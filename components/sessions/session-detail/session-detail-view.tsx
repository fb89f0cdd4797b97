"use client";

// /sessions/SESS-n: a session's title and description, its whole
// conversation (every turn's prompt and answer) with its issue's tree beside
// it, Continue / Fork from its latest turn, its forks, what cites it, the
// runs that read it through Arbor's MCP server, and its facts folded under Details.
import Link from "next/link";
import { useState } from "react";
import { AddToBundle } from "@/components/bundles/add-to-bundle";
import { ExecutionStatusBadge } from "@/components/ui/execution-status-badge";
import { InsightsLink } from "@/components/ui/insights-link";
import { Markdown } from "@/components/markdown";
import { ReferencedBy } from "@/components/references/referenced-by";
import { ArchivedBadge, ExpiredBadge } from "@/components/sessions/session-badges";
import { agentName } from "@/lib/agents/names";
import { PoisonControl } from "@/components/sessions/session-resume";
import { WarmBadge } from "@/components/ui/badges";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EditableEntity } from "@/components/ui/editable-entity";
import { QueryGate } from "@/components/ui/query-gate";
import { RelativeTime } from "@/components/ui/time";
import { useSession, useUpdateSession } from "@/lib/sessions/hooks";
import type { SessionDetail } from "@/lib/sessions/schema";
import { ChildSessions } from "./child-sessions";
import { ConsultedBy } from "./consulted-by";
import { EditSession } from "./edit-session";
import { SessionConversation } from "./conversation";
import { SessionFacts } from "./facts";
import { SessionFollowUp } from "./follow-up";
import { SessionTreeAside } from "./session-tree-aside";

export function SessionDetailView({ id }: { id: string }) {
  const session = useSession(id);
  return (
    <QueryGate query={session} noun="session" back={{ href: "/sessions", label: "Back to sessions" }}>
      {(data) => <SessionDetailBody session={data} />}
    </QueryGate>
  );
}

function SessionDetailBody({ session }: { session: SessionDetail }) {
  const [markingPoisoned, setMarkingPoisoned] = useState(false);
  const update = useUpdateSession(session.id);

  return (
    <EditableEntity
      list={{ label: "Sessions", href: "/sessions" }}
      id={session.id}
      title={session.title}
      editLabel="Edit"
      actions={
        <>
          <Button
            variant="secondary"
            disabled={update.isPending}
            aria-busy={update.isPending && update.variables?.archived !== undefined}
            onClick={() => update.mutate({ archived: !session.archived })}
          >
            {session.archived ? "Unarchive" : "Archive"}
          </Button>
          <AddToBundle itemId={session.id} title={session.title} />
          {session.poisoned ? null : (
            <Button
              variant="ghost"
              disabled={markingPoisoned}
              title="Mark it poisoned: later turns start a fresh session carrying Arbor's copy of the conversation"
              onClick={() => setMarkingPoisoned(true)}
            >
              Don&apos;t resume this session…
            </Button>
          )}
        </>
      }
      meta={(editing) => (
        <>
          <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
            {session.latestStatus ? <ExecutionStatusBadge status={session.latestStatus} /> : null}
            {session.archived ? <ArchivedBadge /> : null}
            <WarmBadge session={session} />
            <ExpiredBadge session={session} />
            <span>
              {agentName(session.agent)} on{" "}
              <Link href={`/issues/${session.issue.id}`} className="font-medium text-zinc-700 hover:underline dark:text-zinc-300">
                {session.issue.id} · {session.issue.title}
              </Link>
            </span>
            <span>
              · started <RelativeTime iso={session.createdAt} /> · last activity <RelativeTime iso={session.lastActivityAt} />
            </span>
            <InsightsLink filters={{ session: session.id }} />
          </div>
          {!editing && update.isError ? <ErrorAlert>{update.error.message}</ErrorAlert> : null}
        </>
      )}
      view={<Markdown emptyText="No description yet. Edit the session to say what it explored or decided.">{session.description}</Markdown>}
      form={(close) => <EditSession session={session} onDone={close} />}
    >
      {(description) => (
        <>
          <PoisonControl session={session} marking={markingPoisoned} onDone={() => setMarkingPoisoned(false)} />
          {description}

          <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="min-w-0 space-y-8">
              <SessionConversation session={session} />
              <SessionFollowUp session={session} />
            </div>
            <SessionTreeAside session={session} />
          </div>
          <ChildSessions session={session} />
          <ReferencedBy target={session.id} />
          <ConsultedBy sessionId={session.id} />
          <SessionFacts session={session} />
        </>
      )}
    </EditableEntity>
  );
}
