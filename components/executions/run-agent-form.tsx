"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { AgentSelect } from "@/components/agents/agent-select";
import { FreshSessionToggle } from "@/components/executions/follow-up-form";
import { CitedSessionChoice, type RunAs } from "@/components/sessions/cited-session-choice";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { controlClasses, Field } from "@/components/ui/field";
import { isApiError } from "@/lib/api-error";
import { DEFAULT_AGENT } from "@/lib/agents/names";
import { useCreateExecution } from "@/lib/executions/hooks";
import { useProjects } from "@/lib/projects/hooks";
import { useBranchFrom } from "@/lib/sessions/hooks";
import { parseReferences, referencesOfType } from "@/lib/references/parse";
import { executionHref } from "@/lib/hrefs";

/**
 * Starts an agent on an issue with a prompt; opens the new execution's page.
 * A prompt citing [[SESS-n]] may instead run as a Continue or Fork of that session's head.
 */
export function RunAgentForm({ issueId, projectId = null }: { issueId: string; /** The issue's project: its default agent is the form's. */ projectId?: string | null }) {
  const router = useRouter();
  const created = useCreateExecution();
  const branch = useBranchFrom();
  const [prompt, setPrompt] = useState("");
  const projects = useProjects();
  const [chosenAgent, setAgent] = useState<string | null>(null);
  const projectAgent = projectId ? projects.data?.items.find((p) => p.id === projectId)?.defaultAgent : null;
  const agent = chosenAgent ?? projectAgent ?? DEFAULT_AGENT;
  const [cwd, setCwd] = useState("");
  const [touched, setTouched] = useState(false);
  const [runAsChoice, setRunAs] = useState<RunAs>({ mode: "new" });
  const [freshSession, setFreshSession] = useState(false);
  const citedSessions = useMemo(() => referencesOfType(parseReferences(prompt), "session"), [prompt]);
  // A choice about a session the prompt no longer cites falls back to a new session.
  const runAs: RunAs = runAsChoice.mode !== "new" && citedSessions.some((s) => s.id === runAsChoice.sessionId) ? runAsChoice : { mode: "new" };
  const create = runAs.mode === "new" ? created : branch;
  const promptError = touched && !prompt.trim() ? "Write a prompt for the agent" : create.error && isApiError(create.error) ? create.error.fieldErrors.prompt?.[0] : undefined;

  return (
    <form
      aria-label="Run an agent"
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!prompt.trim() || created.isPending || branch.isPending) return;
        const open = { onSuccess: (execution: { id: string }) => router.push(executionHref(execution.id)) };
        if (runAs.mode === "new") created.mutate({ issueId, prompt, agent, cwd: cwd.trim() || undefined }, open);
        else branch.mutate({ mode: runAs.mode, sourceId: runAs.headExecutionId, prompt, freshSession }, open);
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
      {runAs.mode !== "new" ? <FreshSessionToggle id="run-fresh-session" checked={freshSession} onChange={setFreshSession} managedSessionId={runAs.sessionId} /> : null}
      <div className="grid gap-3 sm:grid-cols-2" hidden={runAs.mode !== "new"}>
        <AgentSelect id="run-agent" value={agent} onChange={setAgent} error={create.error && isApiError(create.error) ? create.error.fieldErrors.agent?.[0] : undefined} />
        <Field id="run-cwd" label="Working directory" hint="Optional; defaults to Arbor's workspace">
          <input id="run-cwd" value={cwd} onChange={(e) => setCwd(e.target.value)} placeholder="/path/inside/a/workspace/root" className={`${controlClasses} h-10 border-zinc-300 dark:border-zinc-700`} />
        </Field>
      </div>
      {create.error && !(isApiError(create.error) && (create.error.fieldErrors.prompt || create.error.fieldErrors.agent)) ? <ErrorAlert>{create.error.message}</ErrorAlert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Starting…" : runAs.mode === "new" ? "Run agent" : `${runAs.mode === "continue" ? "Continue" : "Fork"} ${runAs.sessionId}`}
        </Button>
      </div>
    </form>
  );
}
