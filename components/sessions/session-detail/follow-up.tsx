"use client";

// Continue or fork from a session's head. What Arbor already knows (the
// session is gone, may be, or is poisoned) is said up front: such a turn
// carries Arbor's transcript into a fresh session instead of failing.
import { useQueryClient } from "@tanstack/react-query";
import { FollowUpForm } from "@/components/follow-up/follow-up-form";
import { ResumeOutlook } from "@/components/sessions/session-resume";
import { Section } from "@/components/ui/section";
import { ExecutionLink } from "@/components/ui/text-link";
import { queryKeys } from "@/lib/query-keys";
import type { SessionDetail } from "@/lib/sessions/schema";

export function SessionFollowUp({ session }: { session: SessionDetail }) {
  const queryClient = useQueryClient();
  const head = session.head;
  return (
    <Section id="session-follow-up-heading" title="Continue or fork">
      {!head ? (
        <p className="text-sm text-zinc-500">This session has no turn to continue from.</p>
      ) : (
        <div className="space-y-2 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <ResumeOutlook session={session} />
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            From its latest turn, <ExecutionLink id={head.id} />.
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
