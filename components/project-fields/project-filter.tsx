"use client";

import { Select } from "@/components/ui/field";
import { useProjects } from "@/lib/projects/hooks";
import { projectOptionLabel } from "./project-select";

/** The project filter of the issue and spec lists: all (""), the default workspace's ("none"), or one project's (archived ones hidden). */
export function ProjectFilter({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const items = useProjects().data?.items ?? [];
  const current = value && value !== "none" && !items.some((p) => p.id === value) ? value : null;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Filter by project
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All projects</option>
        <option value="none">Default workspace</option>
        {current ? <option value={current}>{current}</option> : null}
        {items.map((p) => (
          <option key={p.id} value={p.id}>
            {projectOptionLabel(p)}
          </option>
        ))}
      </Select>
    </>
  );
}
