"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Select, TextInput, describedBy } from "@/components/ui/field";
import { useAgents } from "@/lib/agents/hooks";
import { isApiError } from "@/lib/api-error";
import { useCreateProject } from "@/lib/projects/hooks";

const FIELDS = ["path", "name", "baseBranch", "defaultAgent"] as const;
type FieldName = (typeof FIELDS)[number];

/** Register a directory as a project; the server checks the path, detects git and the base branch. */
export function RegisterProjectForm() {
  const router = useRouter();
  const create = useCreateProject();
  const agents = useAgents();
  const [values, setValues] = useState<Record<FieldName, string>>({ path: "", name: "", baseBranch: "", defaultAgent: "" });
  const [pathError, setPathError] = useState<string | undefined>();
  const pathInput = useRef<HTMLInputElement>(null);
  const serverErrors = isApiError(create.error) ? create.error.fieldErrors : {};
  const errorOf = (field: FieldName) => (field === "path" ? (pathError ?? serverErrors.path?.[0]) : serverErrors[field]?.[0]);
  const formError = create.isError && !FIELDS.some((f) => serverErrors[f]?.length) ? create.error.message : undefined;

  const input = (field: FieldName, props: { placeholder?: string; hasHint?: boolean }) => {
    const id = `project-${field}`;
    const error = errorOf(field);
    return (
      <TextInput
        id={id}
        ref={field === "path" ? pathInput : undefined}
        value={values[field]}
        onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: props.hasHint, error })}
        placeholder={props.placeholder}
        autoComplete="off"
        spellCheck={false}
      />
    );
  };

  return (
    <form
      aria-labelledby="register-project-heading"
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      onSubmit={(event) => {
        event.preventDefault();
        if (!values.path.trim()) {
          setPathError("Path is required");
          pathInput.current?.focus();
          return;
        }
        setPathError(undefined);
        // Empty optional fields are left out: the server picks the folder's name and the checked-out branch.
        const optional = Object.fromEntries(
          (["name", "baseBranch", "defaultAgent"] as const).filter((f) => values[f].trim()).map((f) => [f, values[f].trim()]),
        );
        create.mutate({ path: values.path.trim(), ...optional }, { onSuccess: (project) => router.push(`/projects/${project.id}`) });
      }}
    >
      <h2 id="register-project-heading" className="font-semibold">
        Register a project
      </h2>
      <Field
        id="project-path"
        label="Directory"
        error={errorOf("path")}
        hint="On the server, inside ARBOR_WORKSPACE_ROOTS. A relative path is read from the default workspace."
      >
        {input("path", { placeholder: "/home/me/code/shop", hasHint: true })}
      </Field>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="project-name" label="Name (optional)" error={errorOf("name")}>
          {input("name", { placeholder: "the folder's name" })}
        </Field>
        <Field id="project-baseBranch" label="Base branch (optional)" error={errorOf("baseBranch")}>
          {input("baseBranch", { placeholder: "the checked-out branch" })}
        </Field>
        <Field id="project-defaultAgent" label="Default agent (optional)" error={errorOf("defaultAgent")}>
          <Select
            id="project-defaultAgent"
            value={values.defaultAgent}
            onChange={(e) => setValues((v) => ({ ...v, defaultAgent: e.target.value }))}
            aria-invalid={errorOf("defaultAgent") ? true : undefined}
          >
            <option value="">Claude Code (Arbor&apos;s default)</option>
            {(agents.data?.agents ?? []).map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.displayName}
                {agent.installed ? "" : " (not installed)"}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {formError ? <ErrorAlert title="Not registered">{formError}</ErrorAlert> : null}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Registering…" : "Register project"}
      </Button>
    </form>
  );
}
