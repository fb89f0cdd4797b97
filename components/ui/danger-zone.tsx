"use client";

import { useId, useState, type ReactNode } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * "Delete this …" at the foot of an entity's page: what deleting keeps, a
 * button that asks first, then the question and the confirming button. The
 * page owns the mutation: `onConfirm` starts it (and moves on when it
 * succeeds), `error` says why it failed.
 */
export function DangerZone({
  title,
  explanation,
  openLabel,
  question,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  /** "Delete this spec". */
  title: string;
  /** What deleting keeps, shown until the person asks to delete. */
  explanation?: ReactNode;
  /** "Delete spec…". */
  openLabel: string;
  /** "Delete SPEC-1? This cannot be undone." */
  question: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error?: string | null;
  onConfirm: () => void;
  /** Besides closing the question (e.g. forgetting a failed attempt). */
  onCancel?: () => void;
}) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-red-200 px-5 py-4 dark:border-red-900/60">
      <h2 id={headingId} className="text-sm font-semibold text-red-800 dark:text-red-300">
        {title}
      </h2>
      {!confirming ? (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          {explanation ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{explanation}</p> : null}
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
            {openLabel}
          </Button>
        </div>
      ) : (
        <div className="mt-3 space-y-3">
          {error ? <ErrorAlert>{error}</ErrorAlert> : null}
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{question}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" size="sm" disabled={pending} onClick={onConfirm}>
              {pending ? "Deleting…" : confirmLabel}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setConfirming(false);
                onCancel?.();
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
