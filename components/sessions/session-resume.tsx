"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/alert";
import { RelativeTime } from "@/components/ui/time";
import { useUpdateSession } from "@/lib/sessions/hooks";
import { formatTokens } from "@/lib/executions/format";
import { poisonText, sessionAvailability } from "@/lib/sessions/resume-text";
import { POISON_NOTE_MAX } from "@/lib/sessions/constants";
import type { SessionDetail } from "@/lib/sessions/schema";

// The session page's part of "never lose a conversation": whether the agent
// still has the session (a fact from the runner's stat, else the age-based
// guess), what resume saved, the runtime that made it, and the poison mark
// (shown, set and cleared here).

/** The transcript's state, as a fact where the runner checked it. */
export function TranscriptFact({ session }: { session: SessionDetail }) {
  const health = session.health;
  if (health) {
    return health.state === "available" ? (
      <span data-slot="session-health" data-state="available">
        <span className="font-medium text-emerald-700 dark:text-emerald-400">The agent has it</span>
        <span className="text-zinc-500">
          {health.bytes !== null ? ` · ${formatTokens(health.bytes)} bytes` : ""}
          {health.modifiedAt ? (
            <>
              {" "}
              · last written <RelativeTime iso={health.modifiedAt} />
            </>
          ) : null}{" "}
          · checked <RelativeTime iso={health.checkedAt} />
        </span>
      </span>
    ) : (
      <span data-slot="session-health" data-state="expired">
        <span className="font-medium text-amber-700 dark:text-amber-400">Gone</span>
        <span className="text-zinc-500">
          {" "}
          · the agent&apos;s transcript is gone (checked <RelativeTime iso={health.checkedAt} />
          ); a Continue carries Arbor&apos;s transcript instead
        </span>
      </span>
    );
  }
  if (session.expiry.retentionDays === null) return <span className="text-zinc-500">not checked</span>;
  return (
    <span data-slot="session-health" data-state="unknown">
      not checked yet; kept {session.expiry.retentionDays} days after last use
      {session.expiry.expiresAt ? (
        <span className="text-zinc-500">
          {" "}
          ({session.expiry.mayHaveExpired ? "may be gone since" : "until at least"} <RelativeTime iso={session.expiry.expiresAt} />)
        </span>
      ) : null}
    </span>
  );
}

/** "2 resumed turns · saved ≈ 45,000 input tokens · 120,000 cache read" (tokens only: Arbor keeps no model prices). */
export function ResumeSavings({ session }: { session: SessionDetail }) {
  const t = session.totals;
  if (t.resumedTurns === 0) return <span className="text-zinc-500">no resumed turns yet</span>;
  return (
    <span data-slot="resume-savings">
      {t.resumedTurns === 1 ? "1 resumed turn" : `${t.resumedTurns} resumed turns`} · saved ≈ <strong>{formatTokens(t.savedInputTokens)}</strong> input tokens ·{" "}
      {formatTokens(t.cacheReadTokens)} cache read
    </span>
  );
}

/** A note above Continue: what Arbor knows before anything is sent. */
export function ResumeOutlook({ session }: { session: SessionDetail }) {
  const availability = sessionAvailability(session);
  const why = session.poisoned
    ? `This session is marked not to be resumed (${poisonText(session.poisoned)})`
    : availability === "expired"
      ? "The agent's session is gone"
      : availability === "may_have_expired"
        ? "This session may have expired (its last activity is older than the agent keeps transcripts)"
        : null;
  if (!why) return null;
  return (
    <p
      role="note"
      data-slot="resume-outlook"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
    >
      {why}: {availability === "may_have_expired" && !session.poisoned ? "if so, " : ""}a Continue or Fork starts a fresh session that carries Arbor&apos;s
      transcript of the conversation, and says so. Nothing is lost.
    </p>
  );
}

/**
 * The poison mark: shown with its reason and cleared, or (once the header's
 * "Mark poisoned…" asked for it) set with an optional note.
 */
export function PoisonControl({ session, marking, onDone }: { session: SessionDetail; marking: boolean; onDone: () => void }) {
  const update = useUpdateSession(session.id);
  const [note, setNote] = useState("");
  if (session.poisoned) {
    return (
      <div
        role="note"
        data-slot="session-poisoned"
        className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
      >
        <p className="min-w-0 flex-1">
          <strong title="Poisoned">Not resumed</strong>: {poisonText(session.poisoned)}. Later turns start a fresh session carrying Arbor&apos;s copy of the
          conversation instead of resuming this one.
        </p>
        <Button size="sm" variant="secondary" disabled={update.isPending} onClick={() => update.mutate({ poisoned: false })}>
          Resume it again
        </Button>
        {update.isError ? <ErrorAlert>{update.error.message}</ErrorAlert> : null}
      </div>
    );
  }
  if (!marking) return null;
  return (
    <form
      aria-label="Don't resume this session"
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ poisoned: true, ...(note.trim() ? { poisonNote: note } : {}) }, { onSuccess: onDone });
      }}
    >
      <label htmlFor={`poison-note-${session.id}`} className="sr-only">
        Why (optional)
      </label>
      <input
        id={`poison-note-${session.id}`}
        value={note}
        maxLength={POISON_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        placeholder="Why resuming it is pointless (optional)"
        className="h-8 min-w-60 flex-1 rounded-md border border-zinc-300 px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      <Button size="sm" type="submit" disabled={update.isPending}>
        Don&apos;t resume it
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Cancel
      </Button>
      {update.isError ? <ErrorAlert>{update.error.message}</ErrorAlert> : null}
    </form>
  );
}
