"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { AgentSelect } from "@/components/agents/agent-select";
import { FreshSessionToggle } from "@/components/follow-up/follow-up-form";
import { chosenRunMode, PermissionModeField } from "@/components/follow-up/permission-mode-field";
import { RunPlaceFields, runPlaceRequest, useRememberedRunPlace, useRunProject } from "@/components/follow-up/run-place-fields";
import { CitedSessionChoice, type RunAs } from "@/components/follow-up/cited-session-choice";
import { FanOutRunsField, fanOutRuns, initialRows, ModelField, type FanOutRow } from "@/components/groups/fan-out-runs-field";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { controlClasses, Field } from "@/components/ui/field";
import { isApiError } from "@/lib/api-error";
import { useAgent } from "@/lib/agents/hooks";
import { agentName, DEFAULT_AGENT } from "@/lib/agents/names";
import type { PermissionMode } from "@/lib/permissions/constants";
import { useProjects } from "@/lib/projects/hooks";
import { useCreateExecution } from "@/lib/executions/hooks";
import { useIssue } from "@/lib/issues/hooks";
import { useBranchFrom } from "@/lib/sessions/hooks";
import { parseReferences, referencesOfType } from "@/lib/references/parse";
import { executionHref } from "@/lib/hrefs";
import { useFanOut } from "@/lib/groups/hooks";

/**
 * Starts an agent on an issue with a prompt; opens the new execution's page.
 * It shows where the run will work (the issue's project by default, or the
 * one last picked for this issue; see run-place-fields.tsx) and what the agent
 * may do there (the project's mode unless the person picks another for this
 * run). A prompt citing [[SESS-n]] may instead run as a Continue or Fork of
 * that session's head. "Several agents" sends the prompt to 2–8 agents or
 * models at once (a fan-out group) and opens the group's page to compare them.
 */
export function RunAgentForm({
  issueId,
  projectId,
}: {
  issueId: string /** The issue's project (read from the issue when not given). */;
  projectId?: string | null;
}) {
  const router = useRouter();
  const created = useCreateExecution();
  const branch = useBranchFrom();
  const [prompt, setPrompt] = useState("");
  const projectList = useProjects().data;
  const loadedIssue = useIssue(issueId).data;
  const issueProjectId = projectId !== undefined ? projectId : loadedIssue?.projectId;
  const [place, setPlace] = useRememberedRunPlace(issueId, projectList && [...projectList.items, projectList.defaultWorkspace], issueProjectId);
  const { project, projects } = useRunProject(place, issueProjectId);
  // The agent: the one picked, else the default agent of the project the run goes to.
  const [chosenAgent, setAgent] = useState<string | null>(null);
  const agent = chosenAgent ?? project?.defaultAgent ?? DEFAULT_AGENT;
  // What the agent may do: the project's mode (or the agent's default) unless the person picks another for this run.
  const agentStatus = useAgent(agent);
  const agentPermissions = agentStatus ? agentStatus.permissions : undefined;
  const [chosenMode, setChosenMode] = useState<PermissionMode | null>(null);
  const mode = chosenRunMode(chosenMode, agentPermissions);
  const [touched, setTouched] = useState(false);
  const [runAsChoice, setRunAs] = useState<RunAs>({ mode: "new" });
  const [freshSession, setFreshSession] = useState(false);
  const [model, setModel] = useState("");
  // Fan-out: the rows start from the agent picked for a single run.
  const [several, setSeveral] = useState(false);
  const [rows, setRows] = useState<FanOutRow[]>([]);
  const fanOut = useFanOut();
  const citedSessions = useMemo(() => referencesOfType(parseReferences(prompt), "session"), [prompt]);
  // A choice about a session the prompt no longer cites falls back to a new session.
  const runAs: RunAs = runAsChoice.mode !== "new" && citedSessions.some((s) => s.id === runAsChoice.sessionId) ? runAsChoice : { mode: "new" };
  // A Continue is one turn of one session: several agents only start new runs or fork the cited session.
  const fanningOut = several && runAs.mode !== "continue";
  const create = fanningOut ? fanOut : runAs.mode === "new" ? created : branch;
  const apiFieldErrors = create.error && isApiError(create.error) ? create.error.fieldErrors : {};
  const promptError = touched && !prompt.trim() ? "Write a prompt for the agent" : apiFieldErrors.prompt?.[0];
  const fieldErrors = { projectId: apiFieldErrors.projectId?.[0], startRef: apiFieldErrors.startRef?.[0], cwd: apiFieldErrors.cwd?.[0] };
  const modeError = apiFieldErrors["permissions.mode"]?.[0] ?? apiFieldErrors.permissions?.[0];
  const shownBesideField = Boolean(
    apiFieldErrors.prompt ||
      (runAs.mode === "new" &&
        !fanningOut &&
        (apiFieldErrors.agent || apiFieldErrors.model || modeError || fieldErrors.projectId || fieldErrors.startRef || fieldErrors.cwd)),
  );

  return (
    <form
      aria-label="Run an agent"
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!prompt.trim() || created.isPending || branch.isPending || fanOut.isPending) return;
        const open = { onSuccess: (execution: { id: string }) => router.push(executionHref(execution.id)) };
        const permissions = mode ? { permissions: { mode } } : {};
        if (fanningOut) {
          // Members each get a worktree from the same commit: only the project and start ref carry over (no shared directory).
          const { projectId: runProject, startRef } = runPlaceRequest(place, project ?? null) as { projectId?: string; startRef?: string };
          const source = runAs.mode === "fork" ? { fromExecutionId: runAs.headExecutionId } : { issueId, projectId: runProject, startRef };
          fanOut.mutate({ ...source, prompt, runs: fanOutRuns(rows), ...permissions }, { onSuccess: ({ group }) => router.push(`/groups/${group.id}`) });
        } else if (runAs.mode === "new") {
          const chosenModel = model.trim() ? { model: model.trim() } : {};
          created.mutate({ issueId, prompt, agent, ...chosenModel, ...runPlaceRequest(place, project ?? null), ...permissions }, open);
        } else branch.mutate({ mode: runAs.mode, sourceId: runAs.headExecutionId, prompt, freshSession }, open);
      }}
    >
      <Field id="run-prompt" label="Prompt" error={promptError}>
        <textarea
          id="run-prompt"
          rows={4}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
          }}
          aria-invalid={promptError ? true : undefined}
          placeholder="What should the agent do? (Ctrl+Enter to run)"
          className={`${controlClasses} border-zinc-300 py-2 dark:border-zinc-700`}
        />
      </Field>
      <CitedSessionChoice sessions={citedSessions} issueId={issueId} value={runAs} onChange={setRunAs} />
      {runAs.mode !== "new" ? (
        <FreshSessionToggle id="run-fresh-session" checked={freshSession} onChange={setFreshSession} managedSessionId={runAs.sessionId} />
      ) : null}
      {runAs.mode === "continue" ? null : (
        <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <input
            type="checkbox"
            checked={several}
            onChange={(e) => {
              setSeveral(e.target.checked);
              if (e.target.checked && rows.length === 0) setRows(initialRows(agent));
            }}
            className="size-4 accent-emerald-600"
          />
          Several agents: run 2–8 agents or models at once and compare them side by side
        </label>
      )}
      {fanningOut ? <FanOutRunsField idPrefix="run-fan-out" rows={rows} onChange={setRows} /> : null}
      <div className="space-y-3" hidden={runAs.mode !== "new"}>
        <div className="grid gap-3 sm:grid-cols-2">
          {fanningOut ? null : <AgentSelect id="run-agent" value={agent} onChange={setAgent} error={apiFieldErrors.agent?.[0]} />}
          {fanningOut ? null : <ModelField id="run-model" value={model} onChange={setModel} error={apiFieldErrors.model?.[0]} />}
          <PermissionModeField
            id="run-permission-mode"
            agentName={agentStatus?.displayName ?? agentName(agent)}
            agent={agentPermissions}
            project={project?.permissions ?? null}
            chosen={chosenMode}
            onChoose={setChosenMode}
            error={modeError}
          />
        </div>
        <RunPlaceFields choice={place} onChange={setPlace} project={project} projects={projects} issueProjectId={issueProjectId} errors={fieldErrors} />
      </div>
      {create.error && !shownBesideField ? <ErrorAlert>{create.error.message}</ErrorAlert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending
            ? "Starting…"
            : fanningOut
              ? `Run ${rows.length} agents`
              : runAs.mode === "new"
                ? "Run agent"
                : `${runAs.mode === "continue" ? "Continue" : "Fork"} ${runAs.sessionId}`}
        </Button>
      </div>
    </form>
  );
}
