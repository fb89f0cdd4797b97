"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { ExecutionDto } from "@/lib/executions/schema";
import { useStartFresh } from "@/lib/executions/hooks";
import { resumeBadge } from "@/lib/executions/resume-text";

// The execution page's part of "never lose a conversation": how the turn
// related to the agent's session (resumed and what that saved, or carried
// Arbor's transcript and why), and Start fresh with or without the
// conversation after a failure.

const TONE = {
  resumed: "bg-emerald-50 text-emerald-800 ring-emerald-600/30 dark:bg-emerald-950 dark:text-emerald-300",
  transcript: "bg-amber-50 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-200",
  fresh: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300",
} as const;

export function ResumeBadge({ execution }: { execution: ExecutionDto }) {
  const badge = resumeBadge(execution);
  if (!badge) return null;
  return (
    <p role="note" data-testid="resume-badge" data-tone={badge.tone} className={cn("rounded-md px-3 py-2 text-sm ring-1 ring-inset", TONE[badge.tone])}>
      <span className="font-medium">{badge.label.charAt(0).toUpperCase() + badge.label.slice(1)}</span>
      {badge.detail ? <span className="mt-0.5 block text-xs opacity-90">{badge.detail}</span> : null}
    </p>
  );
}

/** "Start fresh with the conversation" (the default) or "…without it". */
export function StartFreshActions({ execution, primary }: { execution: ExecutionDto; primary: boolean }) {
  const router = useRouter();
  const startFresh = useStartFresh(execution.id);
  const open = { onSuccess: (created: ExecutionDto) => router.push(`/executions/${created.id}`) };
  const sending = (withConversation: boolean) => startFresh.isPending && (startFresh.variables?.withConversation ?? true) === withConversation;
  return (
    <div className="mt-2 space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant={primary ? "primary" : "secondary"}
          disabled={startFresh.isPending}
          aria-busy={sending(true)}
          onClick={() => startFresh.mutate({ withConversation: true }, open)}
        >
          Start fresh with the conversation
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={startFresh.isPending}
          aria-busy={sending(false)}
          onClick={() => startFresh.mutate({ withConversation: false }, open)}
        >
          …without it
        </Button>
      </div>
      <p className="text-xs">
        Runs the same prompt in a new session, linked to this one; with the conversation, Arbor&apos;s transcript of everything before it goes along.
      </p>
      {startFresh.error ? <p>{startFresh.error.message}</p> : null}
    </div>
  );
}
