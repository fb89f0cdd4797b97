"use client";

import { describedBy, Field, Select } from "@/components/ui/field";
import { useProjects } from "@/lib/projects/hooks";
import type { Project } from "@/lib/projects/schema";

/** How a project reads in a picker: "PROJ-2 · Shop (git, main)". */
export function projectOptionLabel(project: Project): string {
  if (project.implicit) return "Default workspace";
  return `${project.id} · ${project.name}${project.isGitRepo ? ` (git, ${project.baseBranch ?? "no base branch"})` : " (directory)"}`;
}

/**
 * The project a spec or issue belongs to: the registered projects (archived
 * ones are hidden) and the default workspace (""). The current value is
 * offered even while the list loads or when it is archived.
 */
export function ProjectSelect({
  id,
  value,
  onChange,
  label = "Project",
  error,
  disabled,
  hint,
}: {
  id: string;
  /** "PROJ-2", or "" for the default workspace. */
  value: string;
  onChange: (projectId: string) => void;
  label?: string;
  error?: string;
  disabled?: boolean;
  hint?: string;
}) {
  const projects = useProjects();
  const items = projects.data?.items ?? [];
  const current = value && !items.some((p) => p.id === value) ? value : null;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Select
        id={id}
        name="projectId"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: Boolean(hint), error })}
      >
        <option value="">Default workspace</option>
        {current ? <option value={current}>{projects.isSuccess ? `${current} (archived)` : `${current}`}</option> : null}
        {items.map((p) => (
          <option key={p.id} value={p.id}>
            {projectOptionLabel(p)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
