"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { controlClasses, Field } from "@/components/ui/field";
import { isApiError } from "@/lib/api-client";
import { useCreateExecution } from "@/lib/hooks/use-executions";

/** Starts an agent on an issue with a prompt; opens the new execution's page. */
export function RunAgentForm({ issueId }: { issueId: string }) {
  const router = useRouter();
  const create = useCreateExecution();
  const [prompt, setPrompt] = useState("");
  const [agent, setAgent] = useState("claude");
  const [cwd, setCwd] = useState("");
  const [touched, setTouched] = useState(false);
  const promptError = touched && !prompt.trim() ? "Write a prompt for the agent" : create.error && isApiError(create.error) ? create.error.fieldErrors.prompt?.[0] : undefined;

  return (
    <form
      aria-label="Run an agent"
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!prompt.trim() || create.isPending) return;
        create.mutate(
          { issueId, prompt, agent, cwd: cwd.trim() || undefined },
          { onSuccess: (execution) => router.push(`/executions/${execution.id}`) },
        );
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
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="run-agent" label="Agent">
          <select id="run-agent" value={agent} onChange={(e) => setAgent(e.target.value)} className={`${controlClasses} h-10 border-zinc-300 dark:border-zinc-700`}>
            <option value="claude">Claude Code</option>
            <option value="command">Plain command</option>
          </select>
        </Field>
        <Field id="run-cwd" label="Working directory" hint="Optional; defaults to Arbor's workspace">
          <input id="run-cwd" value={cwd} onChange={(e) => setCwd(e.target.value)} placeholder="/path/inside/a/workspace/root" className={`${controlClasses} h-10 border-zinc-300 dark:border-zinc-700`} />
        </Field>
      </div>
      {create.error && !(isApiError(create.error) && create.error.fieldErrors.prompt) ? <ErrorAlert>{create.error.message}</ErrorAlert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Starting…" : "Run agent"}
        </Button>
      </div>
    </form>
  );
}
