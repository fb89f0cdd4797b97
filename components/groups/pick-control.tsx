"use client";

import { useId, useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { shortId } from "@/lib/executions/format";
import type { GroupMember, PickResponse } from "@/lib/groups/schema";

/**
 * Pick one member as the answer: optionally apply its line to the base branch
 * and archive the others (their worktrees go, their branches stay). The
 * options show only once the person opens it, so a stray click picks nothing.
 */
export function PickControl({
  member,
  baseBranch,
  pending,
  error,
  onPick,
}: {
  member: GroupMember;
  /** The project's base branch; null: not a git project (nothing to apply). */
  baseBranch: string | null;
  pending: boolean;
  error: string | null;
  onPick: (options: { apply: boolean; archiveOthers: boolean }) => void;
}) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [apply, setApply] = useState(false);
  const [archiveOthers, setArchiveOthers] = useState(false);
  const e = member.execution;
  const live = e.status === "queued" || e.status === "running";
  const label = `#${shortId(e.id)}`;
  if (!open) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} disabled={live} title={live ? "It is still running" : undefined}>
        Pick {label}
      </Button>
    );
  }
  return (
    <fieldset className="space-y-2 rounded-md border border-emerald-300 p-2 dark:border-emerald-800" aria-label={`Pick ${label}`}>
      {baseBranch ? (
        <label htmlFor={`${ids}-apply`} className="flex items-center gap-2 text-sm">
          <input id={`${ids}-apply`} type="checkbox" checked={apply} onChange={(ev) => setApply(ev.target.checked)} className="size-4 accent-emerald-600" />
          Apply it to the base branch ({baseBranch})
        </label>
      ) : null}
      <label htmlFor={`${ids}-archive`} className="flex items-center gap-2 text-sm">
        <input
          id={`${ids}-archive`}
          type="checkbox"
          checked={archiveOthers}
          onChange={(ev) => setArchiveOthers(ev.target.checked)}
          className="size-4 accent-emerald-600"
        />
        Archive the others (their worktrees are removed; branches kept)
      </label>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <div className="flex gap-2">
        <Button size="sm" disabled={pending} aria-busy={pending || undefined} onClick={() => onPick({ apply, archiveOthers })}>
          {pending ? "Picking…" : `Confirm pick ${label}`}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}

/** What the last pick did: the commit it made on the base branch, and what it archived. */
export function PickOutcome({ result }: { result: PickResponse }) {
  return (
    <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
      Picked #{shortId(result.group.pickedExecutionId)}
      {result.applied ? (
        <>
          {" "}
          · applied to {result.applied.branch} as <code className="font-mono">{result.applied.commit.slice(0, 10)}</code>
        </>
      ) : null}
      {result.archived.length ? ` · archived ${result.archived.map((id) => `#${shortId(id)}`).join(", ")}` : null}
    </p>
  );
}
