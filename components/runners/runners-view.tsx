"use client";

import { ErrorAlert } from "@/components/ui/alert";
import { pill } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingBlock } from "@/components/ui/states";
import { RelativeTime } from "@/components/ui/time";
import { cn } from "@/lib/cn";
import { useDrainRunner, useRunners } from "@/lib/runners/hooks";
import type { RunnerDto, RunnerState } from "@/lib/runners/schema";

// /runners (issue 24): every runner with its load, and Drain, to retire a
// machine with nothing lost. The list is polled, so a drain is seen going
// from draining to drained.

/** What draining does, in one sentence (shown above the table and in the confirmation). */
export const DRAIN_EXPLAINED =
  "Draining a runner stops it taking new turns: its running turns finish, its warm sessions are released and the turns queued for it go to the other runners, so its machine can be retired with nothing lost.";

const STATE_LABELS: Record<RunnerState, string> = { active: "active", draining: "draining…", drained: "drained", offline: "offline" };

const stateStyles: Record<RunnerState, string> = {
  active: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/30",
  draining: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-400/30",
  drained: "bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950 dark:text-sky-300 dark:ring-sky-400/30",
  offline: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/30",
};

function RunnerStateBadge({ state }: { state: RunnerState }) {
  return <span className={cn(pill, stateStyles[state])}>{STATE_LABELS[state]}</span>;
}

/** "1 / 4": turns running of its slots (slots unknown for a runner from before they were recorded). */
function load(runner: RunnerDto): string {
  return runner.concurrency === null ? String(runner.running) : `${runner.running} / ${runner.concurrency}`;
}

function DrainButton({ runner }: { runner: RunnerDto }) {
  const drain = useDrainRunner();
  if (runner.state !== "active") return null;
  return (
    <div className="space-y-1">
      <Button
        variant="secondary"
        size="sm"
        disabled={drain.isPending}
        aria-label={`Drain ${runner.id}`}
        onClick={() => {
          if (window.confirm(`Drain ${runner.id} on ${runner.hostname}? ${DRAIN_EXPLAINED}`)) drain.mutate(runner.id);
        }}
      >
        {drain.isPending ? "Draining…" : "Drain"}
      </Button>
      {drain.isError ? <ErrorAlert title="Not drained">{drain.error.message}</ErrorAlert> : null}
    </div>
  );
}

const th = "px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400";
const td = "px-3 py-2 align-top";

function RunnerRow({ runner }: { runner: RunnerDto }) {
  return (
    <tr>
      <td className={td}>
        <div className="font-mono text-xs">{runner.id}</div>
        <div className="text-xs text-zinc-500 dark:text-zinc-400">
          {runner.hostname} · pid {runner.pid}
        </div>
      </td>
      <td className={td}>
        <RunnerStateBadge state={runner.state} />
      </td>
      <td className={cn(td, "text-xs")}>{runner.installedAgents.length ? runner.installedAgents.join(", ") : "—"}</td>
      <td className={cn(td, "tabular-nums")}>{load(runner)}</td>
      <td className={cn(td, "tabular-nums")}>{runner.queued}</td>
      <td className={cn(td, "tabular-nums")}>{runner.warmSessions}</td>
      <td className={cn(td, "tabular-nums")}>{runner.prestarted}</td>
      <td className={cn(td, "tabular-nums")}>{runner.sessionsHeld}</td>
      <td className={cn(td, "text-xs text-zinc-500 dark:text-zinc-400")}>
        <RelativeTime iso={runner.heartbeatAt} />
      </td>
      <td className={td}>
        <DrainButton runner={runner} />
      </td>
    </tr>
  );
}

/** /runners: the runners, their load and state, and Drain. */
export function RunnersView() {
  const runners = useRunners();
  return (
    <div className="space-y-6">
      <PageHeader title="Runners" description={`The processes that run agents, on this machine or others sharing the database. ${DRAIN_EXPLAINED}`} />
      {runners.isPending ? (
        <LoadingBlock label="Loading runners…" />
      ) : runners.isError ? (
        <ErrorAlert title="Could not load runners">{runners.error.message}</ErrorAlert>
      ) : runners.data.items.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No runner has started yet: npm start starts one, npm run runner another.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <table aria-label="Runners" className="min-w-full divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
            <thead>
              <tr>
                <th className={th}>Runner</th>
                <th className={th}>State</th>
                <th className={th}>Agents</th>
                <th className={th}>Running</th>
                <th className={th}>Queued</th>
                <th className={th}>Warm</th>
                <th className={th} title="Agent processes started ahead of a project's next new run">
                  Pre-started
                </th>
                <th className={th}>Sessions held</th>
                <th className={th}>Heartbeat</th>
                <th className={th}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {runners.data.items.map((runner) => (
                <RunnerRow key={runner.id} runner={runner} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
