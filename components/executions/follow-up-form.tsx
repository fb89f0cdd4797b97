"use client";

import Link from "next/link";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { controlClasses } from "@/components/ui/field";
import type { ExecutionDto } from "@/lib/execution-types";
import { useFollowUp, type FollowUpMode } from "@/lib/hooks/use-executions";

/**
 * The prompt box under an execution: Continue Session (next turn of the same
 * session; queued while a turn runs) or Fork Session (a new session branched
 * from this execution). Stays usable while the execution runs.
 */
export function FollowUpForm({ execution, onCreated }: { execution: ExecutionDto; onCreated?: (created: ExecutionDto) => void }) {
  const [prompt, setPrompt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [lastCreated, setLastCreated] = useState<ExecutionDto | null>(null);
  const followUp = useFollowUp(execution.id);
  const hasSession = Boolean(execution.sessionId) || execution.status === "queued" || execution.status === "running";

  const submit = (mode: FollowUpMode) => {
    if (!prompt.trim()) {
      setError(`Write a prompt to ${mode === "continue" ? "continue" : "fork"} the session`);
      return;
    }
    setError(null);
    followUp.mutate(
      { mode, prompt },
      {
        onSuccess: (created) => {
          setPrompt("");
          setLastCreated(created);
          onCreated?.(created);
        },
      },
    );
  };

  return (
    <form
      aria-label="Continue or fork this session"
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit("continue");
      }}
    >
      <label htmlFor={`follow-up-${execution.id}`} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Next prompt
      </label>
      <textarea
        id={`follow-up-${execution.id}`}
        rows={3}
        value={prompt}
        onChange={(e) => setPrompt(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `follow-up-error-${execution.id}` : undefined}
        placeholder={execution.status === "running" ? "Queue the next turn while this one runs…" : "Tell the agent what to do next…"}
        className={`${controlClasses} border-zinc-300 py-2 dark:border-zinc-700`}
      />
      {error ? (
        <p id={`follow-up-error-${execution.id}`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {followUp.error ? <ErrorAlert>{followUp.error.message}</ErrorAlert> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={followUp.isPending || !hasSession}>
          Continue Session
        </Button>
        <Button variant="secondary" disabled={followUp.isPending || !hasSession} onClick={() => submit("fork")}>
          Fork Session
        </Button>
        {lastCreated ? (
          <span role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            {lastCreated.status === "queued" && lastCreated.parentExecutionId ? "Queued as the next turn: " : "Started: "}
            <Link className="font-medium text-emerald-700 underline dark:text-emerald-400" href={`/executions/${lastCreated.id}`}>
              {lastCreated.forkedFromExecutionId ? "fork" : "continuation"} {lastCreated.id.slice(0, 8)}
            </Link>
          </span>
        ) : null}
      </div>
    </form>
  );
}
