"use client";

import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Select, TextInput } from "@/components/ui/field";
import { useAgents } from "@/lib/agents/hooks";
import { isApiError } from "@/lib/api-error";
import { useUpdateProject } from "@/lib/projects/hooks";
import type { Project, UpdateProjectInput } from "@/lib/projects/schema";

/**
 * Edits a project's name, base branch (git; it must exist) and default agent
 * (none: Arbor's default). Only what changed is sent; the server's message
 * for a field is shown beside it. Its directory cannot change: register the
 * new one as its own project.
 */
export function EditProjectForm({ project, onDone }: { project: Project; onDone: () => void }) {
  const update = useUpdateProject(project.id);
  const agents = useAgents();
  const [name, setName] = useState(project.name);
  const [baseBranch, setBaseBranch] = useState(project.baseBranch ?? "");
  const [agent, setAgent] = useState(project.defaultAgent ?? "");
  const fieldErrors = isApiError(update.error) ? update.error.fieldErrors : {};
  const formError = update.isError && !["name", "baseBranch", "defaultAgent"].some((f) => fieldErrors[f]) ? update.error.message : undefined;
  const id = (field: string) => `edit-project-${field}`;

  return (
    <form
      aria-label={`Edit ${project.id}`}
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
      onSubmit={(event) => {
        event.preventDefault();
        const changes: UpdateProjectInput = {};
        if (name.trim() !== project.name) changes.name = name.trim();
        if (project.isGitRepo && baseBranch.trim() !== (project.baseBranch ?? "")) changes.baseBranch = baseBranch.trim();
        if (agent !== (project.defaultAgent ?? "")) changes.defaultAgent = agent || null;
        if (Object.keys(changes).length === 0) return onDone();
        update.mutate(changes, { onSuccess: onDone });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id={id("name")} label="Name" error={fieldErrors.name?.[0]}>
          <TextInput id={id("name")} value={name} onChange={(e) => setName(e.target.value)} aria-invalid={fieldErrors.name ? true : undefined} />
        </Field>
        {project.isGitRepo ? (
          <Field id={id("baseBranch")} label="Base branch" error={fieldErrors.baseBranch?.[0]} hint="Where runs start and Apply merges">
            <TextInput
              id={id("baseBranch")}
              value={baseBranch}
              spellCheck={false}
              onChange={(e) => setBaseBranch(e.target.value)}
              aria-invalid={fieldErrors.baseBranch ? true : undefined}
            />
          </Field>
        ) : null}
        <Field id={id("defaultAgent")} label="Default agent" error={fieldErrors.defaultAgent?.[0]}>
          <Select id={id("defaultAgent")} value={agent} onChange={(e) => setAgent(e.target.value)}>
            <option value="">Claude Code (Arbor&apos;s default)</option>
            {agent && !(agents.data?.agents ?? []).some((a) => a.id === agent) ? <option value={agent}>{agent}</option> : null}
            {(agents.data?.agents ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.displayName}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {formError ? <ErrorAlert title="Not saved">{formError}</ErrorAlert> : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
