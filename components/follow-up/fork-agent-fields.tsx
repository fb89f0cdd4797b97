"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { AgentSelect } from "@/components/agents/agent-select";
import { FanOutRunsField, fanOutRuns, initialRows, ModelField, type FanOutRow } from "@/components/groups/fan-out-runs-field";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useAgent } from "@/lib/agents/hooks";
import { agentName } from "@/lib/agents/names";
import type { ExecutionDto } from "@/lib/executions/schema";
import { useFanOut } from "@/lib/groups/hooks";
import type { PermissionPolicyInput } from "@/lib/permissions/schema";

// What a Fork may change that a Continue may not (issue 26): the agent and
// the model. A Continue is the next turn of the same agent's session, so the
// follow-up form shows these only for a Fork.

export type ForkTarget = { agent: string; model: string };

/** Fork's agent (default: the session's own) and model; says what happens to the conversation when the agent changes. */
export function ForkAgentFields({
  idPrefix,
  execution,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  execution: ExecutionDto;
  value: ForkTarget;
  onChange: (next: ForkTarget) => void;
  errors?: { agent?: string; model?: string };
}) {
  const chosen = useAgent(value.agent);
  const other = value.agent !== execution.agent;
  return (
    <div className="space-y-2" data-slot="fork-agent">
      <div className="grid gap-3 sm:grid-cols-2">
        <AgentSelect id={`${idPrefix}-agent`} value={value.agent} onChange={(agent) => onChange({ ...value, agent })} error={errors?.agent} />
        <ModelField id={`${idPrefix}-model`} value={value.model} onChange={(model) => onChange({ ...value, model })} error={errors?.model} />
      </div>
      {other ? (
        <p role="note" data-slot="fork-other-agent" className="text-xs text-violet-800 dark:text-violet-300">
          {agentName(execution.agent)} → {chosen?.displayName ?? agentName(value.agent)}: the fork is a new {chosen?.displayName ?? agentName(value.agent)}{" "}
          session carrying Arbor&apos;s transcript of the conversation (the other agent cannot resume {agentName(execution.agent)}&apos;s own), in a worktree
          from this execution&apos;s snapshot.
        </p>
      ) : null}
    </div>
  );
}

/** Whether the fork differs from a plain one (another agent, or a model). */
export function forkChanges(execution: ExecutionDto, target: ForkTarget): boolean {
  return target.agent !== execution.agent || target.model.trim() !== "";
}

/**
 * "Several agents" under the follow-up form: the prompt as a fork to 2–8
 * agents or models at once (a fan-out group from this execution); opens the
 * group's page to compare them. Rendered only once ticked (it navigates).
 */
export function ForkFanOut({
  idPrefix,
  execution,
  prompt,
  permissions,
  onMissingPrompt,
}: {
  idPrefix: string;
  execution: ExecutionDto;
  prompt: string;
  permissions?: PermissionPolicyInput;
  onMissingPrompt: () => void;
}) {
  const router = useRouter();
  const fanOut = useFanOut();
  const [rows, setRows] = useState<FanOutRow[]>(() => initialRows(execution.agent));
  return (
    <div className="space-y-2 rounded-md border border-violet-200 p-3 dark:border-violet-900">
      <FanOutRunsField idPrefix={idPrefix} rows={rows} onChange={setRows} />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Each is a fork of this execution from its snapshot; a member with another agent than {agentName(execution.agent)} carries Arbor&apos;s transcript of the
        conversation.
      </p>
      {fanOut.error ? <ErrorAlert>{fanOut.error.message}</ErrorAlert> : null}
      <Button
        variant="secondary"
        disabled={fanOut.isPending}
        aria-busy={fanOut.isPending || undefined}
        onClick={() => {
          if (!prompt.trim()) return onMissingPrompt();
          fanOut.mutate(
            { fromExecutionId: execution.id, prompt, runs: fanOutRuns(rows), ...(permissions ? { permissions } : {}) },
            { onSuccess: ({ group }) => router.push(`/groups/${group.id}`) },
          );
        }}
      >
        {fanOut.isPending ? "Starting…" : `Fork to ${rows.length} agents`}
      </Button>
    </div>
  );
}

/** The Fork's own options: shown as they are on a Fork-only form, folded away under the Continue-or-Fork one. */
export function ForkOptions({ open, children }: { open: boolean; children: ReactNode }) {
  if (open) return <div className="space-y-2">{children}</div>;
  return (
    <details className="rounded-md border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <summary className="cursor-pointer text-sm text-zinc-700 dark:text-zinc-300">Fork with another agent or model, or several at once</summary>
      <div className="mt-2 space-y-2">{children}</div>
    </details>
  );
}
