"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { IssueList } from "@/components/issues/issue-list";
import { ApplyHooksSetting } from "@/components/projects/apply-hooks-setting";
import { CleanupWorktrees } from "@/components/projects/cleanup-worktrees";
import { SpecList } from "@/components/specs/spec-list";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState, LoadingBlock } from "@/components/ui/states";
import { isApiError } from "@/lib/api-error";
import { shortId } from "@/lib/executions/format";
import { useIssues } from "@/lib/issues/hooks";
import { useSpecs } from "@/lib/specs/hooks";
import { formatBytes } from "@/lib/projects/format-bytes";
import { useDeleteProject, useProject } from "@/lib/projects/hooks";
import type { ProjectDetail } from "@/lib/projects/types";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] items-baseline gap-2 py-1.5 text-sm">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

export function ProjectDetailView({ id }: { id: string }) {
  const project = useProject(id);
  if (project.isPending) return <LoadingBlock label="Loading project…" />;
  if (project.isError) {
    return (
      <div className="space-y-4">
        <ErrorAlert title={isApiError(project.error) && project.error.status === 404 ? "Project not found" : "Could not load the project"}>
          {project.error.message}
        </ErrorAlert>
        <Link href="/projects" className="text-sm font-medium text-emerald-700 underline dark:text-emerald-400">
          Back to projects
        </Link>
      </div>
    );
  }
  return <ProjectDetails project={project.data} />;
}

function Facts({ project }: { project: ProjectDetail }) {
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
      {project.defaultAgent ? <Row label="Default agent">{project.defaultAgent}</Row> : null}
      {project.isGitRepo && !project.implicit ? (
        <Row label="Apply">
          <ApplyHooksSetting project={project} />
        </Row>
      ) : null}
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

function Worktrees({ project }: { project: ProjectDetail }) {
  return (
    <section aria-labelledby="worktrees-heading" className="space-y-2">
      <h2 id="worktrees-heading" className="text-lg font-semibold">
        Worktrees <span className="text-sm font-normal text-zinc-500 dark:text-zinc-400">({formatBytes(project.worktreeBytes)} on disk)</span>
      </h2>
      {project.worktrees.length === 0 ? (
        <EmptyState title="No worktrees">Arbor makes one for each line of work when an agent runs here.</EmptyState>
      ) : (
        <ul
          aria-label="Worktrees"
          className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
        >
          {project.worktrees.map((w) => (
            <li key={w.path} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
              <code className="font-mono text-xs">{w.spare ? "spare checkout (for the next run)" : (w.branch ?? "(detached)")}</code>
              {w.executionId ? (
                <Link href={`/executions/${w.executionId}`} className="font-mono text-xs text-emerald-700 hover:underline dark:text-emerald-400">
                  #{shortId(w.executionId)}
                </Link>
              ) : null}
              <span className={w.missing ? "text-xs text-red-700 dark:text-red-400" : "text-xs text-zinc-500 dark:text-zinc-400"}>
                {w.missing ? "directory missing" : `${w.bytesComplete ? "" : "at least "}${formatBytes(w.bytes)}`}
              </span>
              {w.archived ? <span className="rounded bg-zinc-100 px-1.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">archived</span> : null}
              <code className="min-w-0 flex-1 truncate text-right font-mono text-xs text-zinc-500 dark:text-zinc-400" title={w.path}>
                {w.path}
              </code>
              {w.problem ? <p className="w-full text-xs text-red-700 dark:text-red-400">Refused: {w.problem}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {project.worktrees.some((w) => !w.spare) ? <CleanupWorktrees project={project} /> : null}
    </section>
  );
}

function RemoveProject({ project }: { project: ProjectDetail }) {
  const router = useRouter();
  const remove = useDeleteProject();
  return (
    <div className="space-y-2">
      <Button
        variant="danger"
        size="sm"
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(`Remove ${project.id} from Arbor? Its directory and repository are left as they are.`)) {
            remove.mutate(project.id, { onSuccess: () => router.push("/projects") });
          }
        }}
      >
        Remove project
      </Button>
      {remove.isError ? <ErrorAlert title="Not removed">{remove.error.message}</ErrorAlert> : null}
    </div>
  );
}

function ProjectDetails({ project }: { project: ProjectDetail }) {
  // "none": the default workspace's specs and issues are those without a project.
  const filter = { projectId: project.implicit ? "none" : project.id };
  const issues = useIssues(filter);
  const specs = useSpecs(filter);
  return (
    <article className="space-y-8">
      <header className="space-y-2">
        <nav aria-label="Breadcrumb" className="text-sm text-zinc-500 dark:text-zinc-400">
          <Link href="/projects" className="hover:underline">
            Projects
          </Link>{" "}
          / <span className="font-mono">{project.id}</span>
        </nav>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{project.name}</h1>
          {project.implicit ? null : <RemoveProject project={project} />}
        </div>
        {project.implicit ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            The default workspace: specs and issues without a project, and runs that name no directory. Set ARBOR_WORKSPACE to move it.
          </p>
        ) : null}
      </header>
      {project.problems.length > 0 ? (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
        >
          <ul className="list-inside list-disc">
            {project.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Facts project={project} />
      {project.isGitRepo ? <Worktrees project={project} /> : null}
      <section aria-labelledby="project-issues-heading" className="space-y-2">
        <h2 id="project-issues-heading" className="text-lg font-semibold">
          Issues
        </h2>
        {issues.isPending ? (
          <LoadingBlock label="Loading issues…" />
        ) : issues.isError ? (
          <ErrorAlert>{issues.error.message}</ErrorAlert>
        ) : issues.data.length === 0 ? (
          <EmptyState title="No issues in this project" />
        ) : (
          <IssueList issues={issues.data} label={`Issues of ${project.name}`} />
        )}
      </section>
      <section aria-labelledby="project-specs-heading" className="space-y-2">
        <h2 id="project-specs-heading" className="text-lg font-semibold">
          Specs
        </h2>
        {specs.isPending ? (
          <LoadingBlock label="Loading specs…" />
        ) : specs.isError ? (
          <ErrorAlert>{specs.error.message}</ErrorAlert>
        ) : specs.data.length === 0 ? (
          <EmptyState title="No specs in this project" />
        ) : (
          <SpecList specs={specs.data} label={`Specs of ${project.name}`} />
        )}
      </section>
    </article>
  );
}
