"use client";

import { ErrorAlert } from "@/components/ui/alert";
import { useUpdateProject } from "@/lib/projects/hooks";
import type { ProjectDetail } from "@/lib/projects/schema";

// Whether a project's runs get Arbor's MCP server, so their agents can look
// things up in Arbor (earlier sessions, issues, specs) as they work. On by
// default; a person turns it off for a project whose agents must not read the
// rest of Arbor. The runner reads it each time it launches an agent there.

/** The checkbox and its one-line explanation (the register form's, and the project page's below). */
export function McpCheckbox({ id, checked, disabled, onChange }: { id: string; checked: boolean; disabled?: boolean; onChange: (checked: boolean) => void }) {
  const hint = `${id}-hint`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint}
          onChange={(e) => onChange(e.target.checked)}
          className="size-4 accent-emerald-600"
        />
        Agents may consult Arbor (MCP server)
      </label>
      <p id={hint} className="text-xs text-zinc-500 dark:text-zinc-400">
        {checked
          ? "Runs here get Arbor's MCP server: their agents can search earlier sessions, read issues and specs, cite them and file issues."
          : "Off: agents here run without Arbor's MCP server."}
      </p>
    </div>
  );
}

/** The project page's switch: saved as soon as it changes. */
export function McpSetting({ project }: { project: ProjectDetail }) {
  const update = useUpdateProject(project.id);
  const checked = update.isPending && update.variables?.mcp !== undefined ? update.variables.mcp : project.mcp;
  return (
    <div className="space-y-1">
      <McpCheckbox id={`mcp-${project.id}`} checked={checked} disabled={update.isPending} onChange={(mcp) => update.mutate({ mcp })} />
      {update.isError ? <ErrorAlert title="Not changed">{update.error.message}</ErrorAlert> : null}
    </div>
  );
}
