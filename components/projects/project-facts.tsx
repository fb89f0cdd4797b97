"use client";

import type { ReactNode } from "react";
import { ApplyHooksSetting } from "@/components/projects/apply-hooks-setting";
import { McpSetting } from "@/components/projects/mcp-setting";
import type { ProjectDetail } from "@/lib/projects/schema";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] items-baseline gap-2 py-1.5 text-sm">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** What the project is: its directory, kind, base branch, default agent, the Apply hooks and MCP settings, its checkout and what uses it. */
export function ProjectFacts({ project }: { project: ProjectDetail }) {
  const repo = project.repository;
  return (
    <dl aria-label="Facts" className="rounded-lg border border-zinc-200 bg-white px-4 py-2 dark:border-zinc-800 dark:bg-zinc-900">
      <Row label="Directory">
        <code className="break-all font-mono text-xs">{project.path}</code>
      </Row>
      <Row label="Kind">
        {project.isGitRepo
          ? "git repository: each line of work gets its own worktree and branch"
          : "directory (not git): runs here share its files, forks included"}
      </Row>
      {project.baseBranch ? <Row label="Base branch">{project.baseBranch}</Row> : null}
      {project.implicit ? null : <Row label="Default agent">{project.defaultAgent ?? "Claude Code (Arbor's default)"}</Row>}
      {project.isGitRepo && !project.implicit ? (
        <Row label="Apply">
          <ApplyHooksSetting project={project} />
        </Row>
      ) : null}
      {project.implicit ? null : (
        <Row label="MCP server">
          <McpSetting project={project} />
        </Row>
      )}
      {repo ? (
        <Row label="Main checkout">
          {repo.currentBranch ? `on ${repo.currentBranch}` : "detached HEAD"}
          {repo.operation ? `, in the middle of a ${repo.operation}` : ""}
          {repo.uncommittedFiles ? `, ${repo.uncommittedFiles} uncommitted file${repo.uncommittedFiles === 1 ? "" : "s"}` : ", clean"}
        </Row>
      ) : null}
      <Row label="Used by">
        {project.specCount} spec{project.specCount === 1 ? "" : "s"}, {project.issueCount} issue{project.issueCount === 1 ? "" : "s"}, {project.executionCount}{" "}
        execution{project.executionCount === 1 ? "" : "s"}
      </Row>
    </dl>
  );
}
