"use client";

import { useSession } from "@/lib/sessions/hooks";
import { shortId } from "@/lib/executions/format";
import type { Reference } from "@/lib/references/parse";

/** How to run a prompt that cites sessions: a new session, or a Continue / Fork of a cited session's head. */
export type RunAs = { mode: "new" } | { mode: "continue" | "fork"; sessionId: string; headExecutionId: string };

const radio = "size-4 accent-emerald-700";

/**
 * Shown under the Run form's prompt when it cites [[SESS-n]]: offers to run
 * the prompt as a Continue or a Fork of that session's head instead of a new
 * session, with what that means (its issue, a possibly expired transcript).
 */
export function CitedSessionChoice({
  sessions,
  issueId,
  value,
  onChange,
}: {
  sessions: Reference[];
  issueId: string;
  value: RunAs;
  onChange: (value: RunAs) => void;
}) {
  if (sessions.length === 0) return null;
  return (
    <fieldset
      data-slot="cited-sessions"
      className="space-y-2 rounded-md border border-emerald-200 bg-emerald-50/50 px-3 py-2 dark:border-emerald-900 dark:bg-emerald-950/30"
    >
      <legend className="px-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">
        This prompt cites {sessions.map((s) => s.id).join(", ")}. Run it as…
      </legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name="run-as" className={radio} checked={value.mode === "new"} onChange={() => onChange({ mode: "new" })} />A new session on{" "}
        {issueId}
      </label>
      {sessions.map((s) => (
        <CitedSessionOptions key={s.id} id={s.id} issueId={issueId} value={value} onChange={onChange} />
      ))}
    </fieldset>
  );
}

function CitedSessionOptions({ id, issueId, value, onChange }: { id: string; issueId: string; value: RunAs; onChange: (value: RunAs) => void }) {
  const session = useSession(id);
  if (session.isPending) return <p className="pl-6 text-sm text-zinc-500">Looking up {id}…</p>;
  if (session.isError || !session.data) {
    return (
      <p className="pl-6 text-sm text-red-700 dark:text-red-400">
        {id}: {session.error?.message ?? "not found"}
      </p>
    );
  }
  const s = session.data;
  const head = s.headExecutionId;
  const chosen = value.mode !== "new" && value.sessionId === id ? value.mode : null;
  return (
    <div className="space-y-1">
      {(["continue", "fork"] as const).map((mode) => (
        <label key={mode} className={`flex items-center gap-2 text-sm ${head ? "" : "opacity-60"}`}>
          <input
            type="radio"
            name="run-as"
            className={radio}
            disabled={!head}
            checked={chosen === mode}
            onChange={() => head && onChange({ mode, sessionId: id, headExecutionId: head })}
          />
          {mode === "continue" ? "Continue" : "Fork"} {id}
          <span className="truncate text-zinc-500">“{s.title}”</span>
          {head ? <span className="font-mono text-xs text-zinc-500">from #{shortId(head)}</span> : null}
        </label>
      ))}
      {!head ? <p className="pl-6 text-xs text-zinc-500">{id} has no turn to continue from.</p> : null}
      {chosen && s.issueId !== issueId ? (
        <p className="pl-6 text-xs text-zinc-600 dark:text-zinc-400">
          The new turn belongs to {id}’s issue, {s.issueId}.
        </p>
      ) : null}
      {chosen && s.expiry.mayHaveExpired ? (
        <p role="alert" className="pl-6 text-xs text-amber-800 dark:text-amber-300">
          {id} may have expired (no activity for more than {s.expiry.retentionDays} days): the agent may no longer have it, and the run would then fail with
          “session not found”.
        </p>
      ) : null}
    </div>
  );
}
