"use client";

import Link from "next/link";
import { ErrorAlert } from "@/components/ui/alert";
import { LoadingBlock } from "@/components/ui/states";
import { PageHeader } from "@/components/ui/page-header";
import type { Project } from "@/lib/projects/schema";
import { useArchivedProjects, useProjects } from "@/lib/projects/hooks";
import { useState } from "react";
import { RegisterProjectForm } from "./register-project-form";

function ProjectKind({ project }: { project: Project }) {
  return project.isGitRepo ? (
    <span className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">git · {project.baseBranch}</span>
  ) : (
    <span
      className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
      title="Not a git repository: runs there share its files"
    >
      directory
    </span>
  );
}

function ProjectRow({ project }: { project: Project }) {
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-baseline gap-2">
        <span className="shrink-0 font-mono text-xs text-zinc-500 dark:text-zinc-400">{project.id}</span>
        <Link
          href={`/projects/${project.id}`}
          className="min-w-0 truncate font-medium hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
        >
          {project.name}
        </Link>
        {project.implicit ? <span className="text-xs text-zinc-500 dark:text-zinc-400">(implicit)</span> : null}
        {project.archivedAt ? <span className="text-xs text-zinc-500 dark:text-zinc-400">(archived)</span> : null}
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-3 text-xs text-zinc-500 dark:text-zinc-400">
        <ProjectKind project={project} />
        <code className="max-w-80 truncate font-mono" title={project.path}>
          {project.path}
        </code>
        <span className="whitespace-nowrap">
          {project.issueCount} issue{project.issueCount === 1 ? "" : "s"} · {project.specCount} spec{project.specCount === 1 ? "" : "s"}
        </span>
      </div>
    </li>
  );
}

/** /projects: registered projects, the default workspace beside them, and the form to register one. */
export function ProjectsView() {
  const projects = useProjects();
  return (
    <div className="space-y-8">
      <PageHeader
        title="Projects"
        description="Directories you run agents in. In a git repository every line of work gets its own worktree and branch, so forks never overwrite each other's files."
      />
      <RegisterProjectForm />
      <section aria-labelledby="projects-heading" className="space-y-3">
        <h2 id="projects-heading" className="text-lg font-semibold">
          All projects
        </h2>
        {projects.isPending ? (
          <LoadingBlock label="Loading projects…" />
        ) : projects.isError ? (
          <ErrorAlert title="Could not load projects">{projects.error.message}</ErrorAlert>
        ) : (
          <>
            <ul
              aria-label="Projects"
              className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
            >
              {projects.data.items.map((project) => (
                <ProjectRow key={project.id} project={project} />
              ))}
              <ProjectRow project={projects.data.defaultWorkspace} />
            </ul>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {projects.data.items.length === 0 ? "No projects registered yet: " : ""}
              Specs and issues without a project belong to the default workspace (ARBOR_WORKSPACE), where runs go when nothing else is named.
            </p>
          </>
        )}
      </section>
      <ArchivedProjects />
    </div>
  );
}

/** Archived projects, listed on request: hidden everywhere else, their pages kept (to unarchive them). */
function ArchivedProjects() {
  const [shown, setShown] = useState(false);
  const archived = useArchivedProjects(shown);
  return (
    <section aria-label="Archived projects" className="space-y-2">
      <button type="button" className="text-sm text-zinc-600 underline dark:text-zinc-400" aria-expanded={shown} onClick={() => setShown((v) => !v)}>
        {shown ? "Hide archived projects" : "Show archived projects"}
      </button>
      {!shown ? null : archived.isPending ? (
        <LoadingBlock label="Loading archived projects…" />
      ) : archived.isError ? (
        <ErrorAlert>{archived.error.message}</ErrorAlert>
      ) : archived.data.items.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No archived projects.</p>
      ) : (
        <ul
          aria-label="Archived"
          className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
        >
          {archived.data.items.map((project) => (
            <ProjectRow key={project.id} project={project} />
          ))}
        </ul>
      )}
    </section>
  );
}
