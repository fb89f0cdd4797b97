"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { IssueList } from "@/components/issues/issue-list";
import { ArchiveProject } from "@/components/projects/archive-project";
import { EditProjectForm } from "@/components/projects/edit-project-form";
import { LoopSettings } from "@/components/projects/loop-settings";
import { PermissionPolicySetting } from "@/components/projects/permission-policy-setting";
import { ProjectFacts } from "@/components/projects/project-facts";
import { ProjectSessionState } from "@/components/projects/project-session-state";
import { ProjectWorktrees } from "@/components/projects/project-worktrees";
import { SpecList } from "@/components/specs/spec-list";
import { ErrorAlert } from "@/components/ui/alert";
import { Button, LinkButton } from "@/components/ui/button";
import { EmptyState, LoadingBlock } from "@/components/ui/states";
import { isApiError } from "@/lib/api-error";
import { useIssues } from "@/lib/issues/hooks";
import { useSpecs } from "@/lib/specs/hooks";
import { useDeleteProject, useProject } from "@/lib/projects/hooks";
import type { ProjectDetail } from "@/lib/projects/schema";

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

/** Edit, and archive (a project with history) or remove (one nothing uses). */
function ProjectActions({ project, onEdit }: { project: ProjectDetail; onEdit: () => void }) {
  const used = project.specCount + project.issueCount + project.executionCount > 0;
  return (
    <div className="flex flex-wrap items-start gap-2">
      {project.archivedAt ? null : (
        <Button variant="secondary" size="sm" onClick={onEdit}>
          Edit project
        </Button>
      )}
      {used || project.archivedAt ? <ArchiveProject project={project} /> : <RemoveProject project={project} />}
    </div>
  );
}

function Section({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function ProjectDetails({ project }: { project: ProjectDetail }) {
  // "none": the default workspace's specs and issues are those without a project.
  const filter = { projectId: project.implicit ? "none" : project.id };
  const issues = useIssues(filter);
  const specs = useSpecs(filter);
  const [editing, setEditing] = useState(false);
  // New issues and specs start in this project (none for the default workspace); an archived one takes none.
  const preselect = project.implicit ? "" : `?projectId=${project.id}`;
  const open = !project.archivedAt;
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
          {project.implicit ? null : <ProjectActions project={project} onEdit={() => setEditing(true)} />}
        </div>
        {project.implicit ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            The default workspace: specs and issues without a project, and runs that name no directory. Set ARBOR_WORKSPACE to move it.
          </p>
        ) : null}
        {project.archivedAt ? (
          <p role="note" className="rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            Archived: hidden from lists and pickers, and no new runs start here. Its specs, issues, executions, worktrees and snapshots are kept.
          </p>
        ) : null}
      </header>
      {editing && open ? <EditProjectForm project={project} onDone={() => setEditing(false)} /> : null}
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
      <ProjectFacts project={project} />
      <Section id="project-policy-heading" title="What agents may do here">
        <div className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <PermissionPolicySetting project={project} />
        </div>
      </Section>
      {open && !project.implicit ? (
        <Section id="project-loop-heading" title="Checks and worktrees">
          <div className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
            <LoopSettings project={project} />
          </div>
        </Section>
      ) : null}
      {project.isGitRepo ? <ProjectWorktrees project={project} /> : null}
      <ProjectSessionState project={project} />
      <Section
        id="project-issues-heading"
        title="Issues"
        action={
          open ? (
            <LinkButton href={`/issues/new${preselect}`} size="sm">
              New issue
            </LinkButton>
          ) : null
        }
      >
        {issues.isPending ? (
          <LoadingBlock label="Loading issues…" />
        ) : issues.isError ? (
          <ErrorAlert>{issues.error.message}</ErrorAlert>
        ) : issues.data.length === 0 ? (
          <EmptyState title="No issues in this project" />
        ) : (
          <IssueList issues={issues.data} label={`Issues of ${project.name}`} />
        )}
      </Section>
      <Section
        id="project-specs-heading"
        title="Specs"
        action={
          open ? (
            <LinkButton href={`/specs/new${preselect}`} size="sm" variant="secondary">
              New spec
            </LinkButton>
          ) : null
        }
      >
        {specs.isPending ? (
          <LoadingBlock label="Loading specs…" />
        ) : specs.isError ? (
          <ErrorAlert>{specs.error.message}</ErrorAlert>
        ) : specs.data.length === 0 ? (
          <EmptyState title="No specs in this project" />
        ) : (
          <SpecList specs={specs.data} label={`Specs of ${project.name}`} />
        )}
      </Section>
    </article>
  );
}
