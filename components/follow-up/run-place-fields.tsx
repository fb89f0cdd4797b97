"use client";

import { useEffect, useState } from "react";
import { controlClasses, Field } from "@/components/ui/field";
import { DEFAULT_PROJECT_KEY } from "@/lib/projects/ids";
import type { Project } from "@/lib/projects/schema";
import { useProjects } from "@/lib/projects/hooks";

// Where a new run works, on the run form: the project (the issue's by
// default, or the one last picked for this issue in this browser), and in a
// git project the shared-directory opt-out and the ref its worktree starts
// from; in the default workspace, a directory. A directory that is not git
// says plainly that forks there share its files.

export type RunPlaceChoice = {
  /** A project id, "default", or null: the issue's own. */
  projectId: string | null;
  sharedDirectory: boolean;
  startRef: string;
  cwd: string;
};

export const INITIAL_RUN_PLACE: RunPlaceChoice = { projectId: null, sharedDirectory: false, startRef: "", cwd: "" };

const rememberedKey = (issueId: string) => `arbor.run-project.${issueId}`;

function readRemembered(issueId: string): string | null {
  try {
    return window.localStorage.getItem(rememberedKey(issueId));
  } catch {
    return null; // storage blocked: nothing remembered
  }
}

function remember(issueId: string, projectId: string | null): void {
  try {
    if (projectId === null) window.localStorage.removeItem(rememberedKey(issueId));
    else window.localStorage.setItem(rememberedKey(issueId), projectId);
  } catch {
    // storage blocked: the choice lasts as long as the page
  }
}

/**
 * The run form's place, starting from the project last picked for this issue
 * in this browser (localStorage, per issue): a person who ran an issue in
 * another project than its own does not have to pick it again. Picking the
 * issue's own project forgets it; a remembered project that is gone (removed,
 * archived) is forgotten once the list shows it is.
 */
export function useRememberedRunPlace(
  issueId: string,
  projects: Project[] | undefined,
  issueProjectId: string | null | undefined,
): [RunPlaceChoice, (next: RunPlaceChoice) => void] {
  const [place, setPlace] = useState<RunPlaceChoice>(INITIAL_RUN_PLACE);
  // Read after mount: the server renders without it.
  useEffect(() => {
    const stored = readRemembered(issueId);
    if (stored) setPlace({ ...INITIAL_RUN_PLACE, projectId: stored });
  }, [issueId]);
  useEffect(() => {
    if (place.projectId === null) return;
    const gone = projects !== undefined && !projects.some((p) => p.id === place.projectId);
    // The issue's own project (it may have moved there since) needs no remembering.
    const own = issueProjectId !== undefined && place.projectId === (issueProjectId ?? DEFAULT_PROJECT_KEY);
    if (!gone && !own) return;
    remember(issueId, null);
    setPlace(INITIAL_RUN_PLACE);
  }, [issueId, projects, issueProjectId, place.projectId]);
  const choose = (next: RunPlaceChoice) => {
    if (next.projectId !== place.projectId) remember(issueId, next.projectId);
    setPlace(next);
  };
  return [place, choose];
}

/** The request fields for the choice (only what differs from the server's defaults). */
export function runPlaceRequest(choice: RunPlaceChoice, project: Project | null) {
  const cwd = choice.cwd.trim();
  if (project?.implicit && cwd) return { cwd };
  const body: { projectId?: string; sharedDirectory?: boolean; startRef?: string } = {};
  if (choice.projectId !== null) body.projectId = choice.projectId;
  if (project?.isGitRepo && !project.implicit) {
    if (choice.sharedDirectory) body.sharedDirectory = true;
    else if (choice.startRef.trim()) body.startRef = choice.startRef.trim();
  }
  return body;
}

const note = "rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-inset ring-amber-600/30 dark:bg-amber-950 dark:text-amber-200";

/** The project the run will use: the one chosen, else the issue's, else the default workspace. Undefined while loading. */
export function useRunProject(choice: RunPlaceChoice, issueProjectId: string | null | undefined): { project: Project | null | undefined; projects: Project[] } {
  const list = useProjects().data;
  if (!list) return { project: undefined, projects: [] };
  const id = choice.projectId ?? issueProjectId ?? DEFAULT_PROJECT_KEY;
  const project = id === DEFAULT_PROJECT_KEY ? list.defaultWorkspace : (list.items.find((p) => p.id === id) ?? null);
  return { project, projects: [...list.items, list.defaultWorkspace] };
}

export function RunPlaceFields({
  choice,
  onChange,
  project,
  projects,
  issueProjectId,
  errors,
}: {
  choice: RunPlaceChoice;
  onChange: (next: RunPlaceChoice) => void;
  project: Project | null | undefined;
  projects: Project[];
  issueProjectId: string | null | undefined;
  errors: Record<string, string | undefined>;
}) {
  const selected = choice.projectId ?? issueProjectId ?? DEFAULT_PROJECT_KEY;
  const set = (patch: Partial<RunPlaceChoice>) => onChange({ ...choice, ...patch });
  const git = Boolean(project?.isGitRepo && !project.implicit);
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="run-project" label="Project" error={errors.projectId} hint={issueProjectId ? `The issue's project is ${issueProjectId}` : undefined}>
          <select
            id="run-project"
            value={selected}
            onChange={(e) =>
              set({ projectId: e.target.value === (issueProjectId ?? DEFAULT_PROJECT_KEY) ? null : e.target.value, startRef: "", sharedDirectory: false })
            }
            className={`${controlClasses} h-10 border-zinc-300 dark:border-zinc-700`}
          >
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.implicit ? "Default workspace" : `${p.id} · ${p.name}`}
                {p.isGitRepo && !p.implicit ? ` (git, ${p.baseBranch ?? "no base branch"})` : p.implicit ? "" : " (directory)"}
              </option>
            ))}
            {projects.some((p) => p.id === selected) ? null : (
              // Still loading, or the issue's project was archived (a run there is refused, saying so).
              <option value={selected}>{selected === DEFAULT_PROJECT_KEY ? "Default workspace" : `${selected}${projects.length ? " (archived)" : ""}`}</option>
            )}
          </select>
        </Field>
        {project?.implicit ? (
          <Field id="run-cwd" label="Working directory" hint="Optional; defaults to Arbor's workspace" error={errors.cwd}>
            <input
              id="run-cwd"
              value={choice.cwd}
              onChange={(e) => set({ cwd: e.target.value })}
              placeholder="/path/inside/a/workspace/root"
              className={`${controlClasses} h-10 border-zinc-300 dark:border-zinc-700`}
            />
          </Field>
        ) : git ? (
          <Field
            id="run-start-ref"
            label="Start from"
            error={errors.startRef}
            hint={
              choice.sharedDirectory
                ? "A shared-directory run uses the directory as it is"
                : `A branch, tag or commit; default: the head of ${project?.baseBranch ?? "the base branch"}`
            }
          >
            <input
              id="run-start-ref"
              value={choice.startRef}
              disabled={choice.sharedDirectory}
              onChange={(e) => set({ startRef: e.target.value })}
              placeholder={project?.baseBranch ?? "main"}
              aria-invalid={errors.startRef ? true : undefined}
              className={`${controlClasses} h-10 border-zinc-300 disabled:bg-zinc-100 dark:border-zinc-700 dark:disabled:bg-zinc-800`}
            />
          </Field>
        ) : null}
      </div>
      {git ? (
        <div className="space-y-1">
          <label htmlFor="run-shared-directory" className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
            <input
              id="run-shared-directory"
              type="checkbox"
              checked={choice.sharedDirectory}
              onChange={(e) => set({ sharedDirectory: e.target.checked })}
              className="size-4 accent-emerald-600"
            />
            Shared directory: run in {project?.path} itself, without a worktree of its own
          </label>
          <p data-slot="run-place" className="text-xs text-zinc-500 dark:text-zinc-400">
            {choice.sharedDirectory
              ? "Its changes land in the project's main checkout and are not recorded apart; other runs there see them."
              : "Runs in its own worktree and branch (arbor/<issue>/<id>); forks branch the files too, and its page shows what it changed."}
          </p>
        </div>
      ) : project ? (
        <p role="note" data-slot="shared-files" className={note}>
          {project.implicit
            ? "Runs in the default workspace share its directory: a fork sees and changes the original's files. Register a git repository as a project to give each line of work its own worktree."
            : `${project.id} (${project.path}) is not a git repository: runs there share its files, and a fork sees and changes the original's files.`}
        </p>
      ) : null}
    </div>
  );
}
