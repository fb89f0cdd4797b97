"use client";

import { useId, useState } from "react";
import { ExecutionStatusDot } from "@/components/ui/execution-status-badge";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { controlClasses } from "@/components/ui/field";
import { ExecutionLink } from "@/components/ui/text-link";
import { cn } from "@/lib/cn";
import type { ExecutionDto } from "@/lib/executions/schema";
import { shortId } from "@/lib/executions/format";
import { useExecution, useFollowUp, type FollowUpMode } from "@/lib/executions/hooks";
import { continueBecomesFork, followUpBlocker, knownUnresumable, worktreeNote } from "@/lib/executions/follow-up-rules";
import { useSession } from "@/lib/sessions/hooks";
import { useAgent, useAgentActions } from "@/lib/agents/hooks";
import type { PermissionPolicy } from "@/lib/permissions/schema";
import type { PermissionMode } from "@/lib/permissions/constants";
import { useProjects } from "@/lib/projects/hooks";
import { chosenRunMode, PermissionModeField } from "./permission-mode-field";
import { resumeBadge } from "@/lib/executions/resume-text";
import { useForkWith } from "@/lib/executions/hooks";
import { ForkAgentFields, ForkFanOut, ForkOptions, forkChanges, type ForkTarget } from "./fork-agent-fields";

/** The policy of the project a turn runs in (its source's): the default workspace's when it has none; null while unknown or unset. */
function useProjectPolicy(projectId: string | null): PermissionPolicy | null {
  const list = useProjects().data;
  if (!list) return null;
  return (projectId ? list.items.find((p) => p.id === projectId) : list.defaultWorkspace)?.permissions ?? null;
}

/** One follow-up created here, with its live status (queued as the next turn, then running, …). */
function CreatedFollowUp({ created, sourceId }: { created: ExecutionDto; sourceId: string }) {
  const { data } = useExecution(created.id);
  const execution = data ?? created;
  const kind = execution.forkedFromExecutionId ? "fork" : "continuation";
  const transcript = execution.resume?.decision === "fresh_with_transcript" || execution.resume?.reason === "worktree_gone" ? resumeBadge(execution) : null;
  const queuedBehind = execution.status === "queued" && execution.parentExecutionId ? (execution.waitingForExecutionId ?? sourceId) : null;
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
      <span>{queuedBehind ? "Queued as the next turn:" : "Started:"}</span>
      <ExecutionLink id={execution.id} underline mono={false}>
        {kind} {shortId(execution.id)}
      </ExecutionLink>
      <ExecutionStatusDot status={execution.status} />
      {queuedBehind ? <span className="text-xs text-zinc-500">starts when #{shortId(queuedBehind)} finishes</span> : null}
      {transcript ? (
        <span data-slot="resume-decision" title={transcript.detail ?? undefined} className="text-xs text-amber-700 dark:text-amber-400">
          {transcript.label}
        </span>
      ) : null}
    </li>
  );
}

/**
 * The prompt box under an execution: Continue Session (next turn of the same
 * session; queued while a turn runs) or Fork Session (a new session branched
 * from this execution). Stays usable while the execution runs. `mode` limits
 * it to one of the two (the history rows' Continue / Fork). A Fork may go to
 * another agent or model, or to several at once (a fan-out group); a
 * Continue stays with its session's agent.
 */
export function FollowUpForm({
  execution,
  mode,
  onCreated,
  autoFocus,
}: {
  execution: ExecutionDto;
  mode?: FollowUpMode;
  onCreated?: (created: ExecutionDto) => void;
  autoFocus?: boolean;
}) {
  const [prompt, setPrompt] = useState("");
  const [freshSession, setFreshSession] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<ExecutionDto[]>([]);
  const plainFollowUp = useFollowUp(execution.id);
  const forkWith = useForkWith(execution.id);
  const [forkTarget, setForkTarget] = useState<ForkTarget>({ agent: execution.agent, model: "" });
  const [several, setSeveral] = useState(false);
  const changedFork = forkChanges(execution, forkTarget);
  // One pending flag and one error for both ways of sending (the "mode" of the last one sent, for aria-busy).
  const followUp = {
    isPending: plainFollowUp.isPending || forkWith.isPending,
    error: forkWith.error ?? plainFollowUp.error,
    sendingMode: forkWith.isPending ? "fork" : plainFollowUp.variables?.mode,
  };
  const agent = useAgentActions(execution.agent);
  // What the agent may do in the new turn: its project's mode unless the person picks another for this turn.
  const agentStatus = useAgent(execution.agent);
  const agentPermissions = agentStatus ? agentStatus.permissions : undefined;
  const projectPolicy = useProjectPolicy(execution.projectId);
  const [chosenMode, setChosenMode] = useState<PermissionMode | null>(null);
  const session = useSession(execution.managedSessionId ?? "", { enabled: Boolean(execution.managedSessionId) }).data;
  const blocker = followUpBlocker(execution, agent);
  const becomesFork = blocker || mode === "fork" ? null : continueBecomesFork(execution, session, freshSession);
  // Said before anything is sent: the server records such a fork as a new session carrying Arbor's transcript.
  const forkNote = agent.nativeFork ? "" : ` (${agent.name} cannot fork a session of its own: the fork carries Arbor's transcript)`;
  const ids = useId();
  const textareaId = `follow-up-${execution.id}${mode ? `-${mode}` : ""}`;
  const errorId = `${ids}-error`;
  const hintId = `${ids}-hint`;
  const forkWarningId = `${ids}-fork-warning`;
  const running = execution.status === "running" || execution.status === "queued";

  const submit = (chosen: FollowUpMode) => {
    if (blocker || followUp.isPending) return;
    if (!prompt.trim()) {
      setError(`Write a prompt to ${chosen === "continue" ? "continue" : "fork"} the session`);
      return;
    }
    setError(null);
    const permissionMode = chosenRunMode(chosenMode, agentPermissions);
    const permissions = permissionMode ? { permissions: { mode: permissionMode } } : {};
    const done = {
      onSuccess: (result: ExecutionDto) => {
        setPrompt("");
        setCreated((list) => [result, ...list.filter((e) => e.id !== result.id)].slice(0, 5));
        onCreated?.(result);
      },
    };
    plainFollowUp.reset();
    forkWith.reset();
    if (chosen === "fork" && changedFork) {
      const model = forkTarget.model.trim();
      forkWith.mutate({ prompt, agent: forkTarget.agent, ...(model ? { model } : {}), ...(freshSession ? { freshSession } : {}), ...permissions }, done);
    } else plainFollowUp.mutate({ mode: chosen, prompt, freshSession, ...permissions }, done);
  };

  // With another agent or model chosen, Ctrl+Enter sends the Fork it was chosen for (Continue cannot take them).
  const primary: FollowUpMode = mode ?? (changedFork ? "fork" : "continue");
  return (
    <form
      aria-label={mode === "fork" ? "Fork this session" : mode === "continue" ? "Continue this session" : "Continue or fork this session"}
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit(primary);
      }}
    >
      <label htmlFor={textareaId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Next prompt
      </label>
      <textarea
        id={textareaId}
        rows={3}
        value={prompt}
        autoFocus={autoFocus}
        disabled={Boolean(blocker)}
        onChange={(e) => setPrompt(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={cn(error ? errorId : "", becomesFork ? forkWarningId : "", hintId) || undefined}
        placeholder={
          blocker ? "" : running ? "Queue the next turn while this one runs…" : mode === "fork" ? "Try another way…" : "Tell the agent what to do next…"
        }
        className={`${controlClasses} border-zinc-300 py-2 disabled:cursor-not-allowed disabled:bg-zinc-100 dark:border-zinc-700 dark:disabled:bg-zinc-800`}
      />
      <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
        {blocker ??
          worktreeNote(execution) ??
          (running
            ? `Continue queues the next turn; it starts when this one finishes. Fork branches from this execution${forkNote}. Ctrl+Enter submits.`
            : `Continue resumes this session; Fork starts a new session from this point${forkNote}. Ctrl+Enter submits.`)}
      </p>
      {becomesFork ? (
        <p
          id={forkWarningId}
          role="note"
          data-slot="continue-becomes-fork"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-600/30 ring-inset dark:bg-amber-950 dark:text-amber-200"
        >
          {becomesFork}
        </p>
      ) : null}
      {blocker ? null : (
        <FreshSessionToggle id={`${textareaId}-fresh`} checked={freshSession} onChange={setFreshSession} managedSessionId={execution.managedSessionId} />
      )}
      {blocker ? null : (
        <div className="sm:max-w-sm">
          <PermissionModeField
            id={`${textareaId}-permission-mode`}
            agentName={agent.name}
            agent={agentPermissions}
            project={projectPolicy}
            chosen={chosenMode}
            onChoose={setChosenMode}
          />
        </div>
      )}
      {blocker || mode === "continue" ? null : (
        <ForkOptions open={mode === "fork"}>
          <ForkAgentFields idPrefix={`${textareaId}-fork`} execution={execution} value={forkTarget} onChange={setForkTarget} />
          {changedFork && mode !== "fork" ? (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">Continue keeps {agent.name} and its model; the agent and model above apply to Fork.</p>
          ) : null}
          <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
            <input type="checkbox" checked={several} onChange={(e) => setSeveral(e.target.checked)} className="size-4 accent-emerald-600" />
            Several agents: fork to 2–8 agents or models at once and compare them
          </label>
          {several ? (
            <ForkFanOut
              idPrefix={`${textareaId}-fan-out`}
              execution={execution}
              prompt={prompt}
              permissions={chosenMode ? { mode: chosenMode } : undefined}
              onMissingPrompt={() => setError("Write a prompt to fork the session")}
            />
          ) : null}
        </ForkOptions>
      )}
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {followUp.error ? <ErrorAlert>{followUp.error.message}</ErrorAlert> : null}
      <div className="flex flex-wrap items-center gap-2">
        {mode !== "fork" ? (
          <Button
            type="submit"
            disabled={followUp.isPending || Boolean(blocker) || changedFork}
            aria-busy={followUp.isPending && followUp.sendingMode === "continue"}
          >
            Continue Session
          </Button>
        ) : null}
        {mode !== "continue" ? (
          <Button
            type={mode === "fork" ? "submit" : "button"}
            variant={mode === "fork" ? "primary" : "secondary"}
            disabled={followUp.isPending || Boolean(blocker)}
            aria-busy={followUp.isPending && followUp.sendingMode === "fork"}
            onClick={mode === "fork" ? undefined : () => submit("fork")}
          >
            Fork Session
          </Button>
        ) : null}
        {followUp.isPending ? <span className="text-sm text-zinc-500">Sending…</span> : null}
      </div>
      {created.length ? (
        <div role="status">
          <ul aria-label="Follow-ups" className="space-y-1">
            {created.map((c) => (
              <CreatedFollowUp key={c.id} created={c} sourceId={execution.id} />
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}

/**
 * "Start a fresh session": the follow-up carries Arbor's transcript of the
 * conversation into a new session instead of resuming the agent's. When Arbor
 * already knows the session cannot be resumed (its transcript is gone, or it
 * is poisoned) it says so here, before anything is sent.
 */
export function FreshSessionToggle({
  id,
  checked,
  onChange,
  managedSessionId,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  managedSessionId: string | null;
}) {
  const session = useSession(managedSessionId ?? "", { enabled: Boolean(managedSessionId) }).data;
  const known = knownUnresumable(session);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="size-4 accent-emerald-600" />
        Start a fresh session (it carries Arbor&apos;s transcript of the conversation instead of resuming the agent&apos;s)
      </label>
      {known ? (
        <p role="note" data-slot="resume-known" className="text-xs text-amber-700 dark:text-amber-400">
          {known}: this turn will start a fresh session carrying Arbor&apos;s transcript of the conversation.
        </p>
      ) : null}
    </div>
  );
}
