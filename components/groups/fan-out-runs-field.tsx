"use client";

import { Button } from "@/components/ui/button";
import { controlClasses } from "@/components/ui/field";
import { useAgents } from "@/lib/agents/hooks";
import { agentName } from "@/lib/agents/names";
import { agentReadiness } from "@/lib/agents/readiness";
import type { FanOutRun } from "@/lib/groups/schema";
import { FAN_OUT_MAX, FAN_OUT_MIN } from "@/lib/groups/constants";

// The rows of a fan-out on the run and fork forms: one prompt to several
// agents or models at once. Each row is an agent and an optional model; two
// rows at least (one is a plain run), eight at most (the API's bounds).

export type FanOutRow = { key: number; agent: string; model: string };

let nextKey = 1;
/** A new row; keys only keep React's rows apart while one is removed. */
export function newRow(agent: string, model = ""): FanOutRow {
  nextKey += 1;
  return { key: nextKey, agent, model };
}

export function initialRows(agent: string): FanOutRow[] {
  return [newRow(agent), newRow(agent)];
}

/** The request's runs: a blank model is left out (the CLI's own default). */
export function fanOutRuns(rows: FanOutRow[]): FanOutRun[] {
  return rows.map((row) => (row.model.trim() ? { agent: row.agent, model: row.model.trim() } : { agent: row.agent }));
}

/**
 * The rows themselves. `idPrefix` keeps two forms on one page apart;
 * `error` is the API's message (it names the member it refused).
 */
export function FanOutRunsField({
  idPrefix,
  rows,
  onChange,
  error,
}: {
  idPrefix: string;
  rows: FanOutRow[];
  onChange: (rows: FanOutRow[]) => void;
  error?: string;
}) {
  const agents = useAgents().data?.agents ?? [];
  const set = (key: number, patch: Partial<FanOutRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${idPrefix}-error` : `${idPrefix}-hint`}>
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Agents to compare</legend>
      <ol className="space-y-2">
        {rows.map((row, index) => {
          const n = index + 1;
          return (
            <li key={row.key} className="flex flex-wrap items-center gap-2" data-slot="fan-out-row">
              <span className="w-5 text-right text-xs text-zinc-500 tabular-nums" aria-hidden="true">
                {n}.
              </span>
              <select
                aria-label={`Agent of run ${n}`}
                value={row.agent}
                onChange={(e) => set(row.key, { agent: e.target.value })}
                className={`${controlClasses} h-9 w-auto min-w-40 flex-1 border-zinc-300 dark:border-zinc-700`}
              >
                {agents.some((a) => a.id === row.agent) ? null : <option value={row.agent}>{agentName(row.agent)}</option>}
                {agents.map((agent) => {
                  const ready = agentReadiness(agent).state === "ready";
                  return (
                    <option key={agent.id} value={agent.id} disabled={!ready && agent.id !== row.agent}>
                      {agent.displayName}
                      {ready ? "" : ` (${agentReadiness(agent).label})`}
                    </option>
                  );
                })}
              </select>
              <input
                aria-label={`Model of run ${n}`}
                value={row.model}
                onChange={(e) => set(row.key, { model: e.target.value })}
                placeholder="model (optional)"
                className={`${controlClasses} h-9 w-auto min-w-32 flex-1 border-zinc-300 font-mono dark:border-zinc-700`}
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove run ${n}`}
                disabled={rows.length <= FAN_OUT_MIN}
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
              >
                Remove
              </Button>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={rows.length >= FAN_OUT_MAX}
          onClick={() => onChange([...rows, newRow(rows[rows.length - 1]?.agent ?? "claude")])}
        >
          Add a run
        </Button>
        <p id={`${idPrefix}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {FAN_OUT_MIN}–{FAN_OUT_MAX} runs, each in a worktree of its own from the same commit; the same agent twice with different models compares models.
        </p>
      </div>
      {error ? (
        <p id={`${idPrefix}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A single run's model: optional, the CLI's own default when blank. */
export function ModelField({ id, value, onChange, error }: { id: string; value: string; onChange: (model: string) => void; error?: string }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Model <span className="font-normal text-zinc-500">(optional)</span>
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="the agent's default"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${controlClasses} h-10 border-zinc-300 font-mono dark:border-zinc-700`}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
