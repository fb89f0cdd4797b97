"use client";

// Continue or fork from a session's head; a session that may have expired asks first.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FollowUpForm } from "@/components/executions/follow-up-form";
import { agentName } from "@/components/sessions/session-badges";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { ExecutionLink } from "@/components/ui/text-link";
import { RelativeTime } from "@/components/ui/time";
import { queryKeys } from "@/lib/query-keys";
import type { SessionDetail } from "@/lib/sessions/schema";

export function SessionFollowUp({ session }: { session: SessionDetail }) {
  const queryClient = useQueryClient();
  const [acknowledged, setAcknowledged] = useState(false);
  const head = session.head;
  const expired = session.expiry.mayHaveExpired;
  return (
    <Section id="session-follow-up-heading" title="Continue or fork">
      {!head ? (
        <p className="text-sm text-zinc-500">This session has no turn to continue from.</p>
      ) : expired && !acknowledged ? (
        <div role="alert" data-slot="expiry-confirm" className="space-y-2 rounded-md border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100">
          <p>
            <strong>Continuing may fail: this session may have expired.</strong> Its last activity was <RelativeTime iso={session.lastActivityAt} />, and{" "}
            {agentName(session.agent)} keeps transcripts for {session.expiry.retentionDays} days after their last use. If the agent no longer has it, the run fails with
            “session not found” and you can start fresh with the same prompt.
          </p>
          <Button size="sm" onClick={() => setAcknowledged(true)}>
            Continue or fork anyway…
          </Button>
        </div>
      ) : (
        <div className="space-y-2 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            From the head, <ExecutionLink id={head.id} />
            {expired ? <span className="ml-1 text-amber-700 dark:text-amber-400">(may have expired)</span> : null}.
          </p>
          <FollowUpForm
            execution={head}
            onCreated={() => {
              void queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all });
            }}
          />
        </div>
      )}
    </Section>
  );
}
