import type { PermissionPolicy } from "@/lib/permissions/schema";

// Shapes of the projects API's JSON. Dates are ISO 8601 strings.

export interface Project {
  /** "PROJ-2", or "default" for the implicit default workspace. */
  id: string;
  number: number;
  name: string;
  /** Real path on the server (symlinks resolved). */
  path: string;
  isGitRepo: boolean;
  /** Runs start from it and Apply merges into it (git projects). */
  baseBranch: string | null;
  defaultAgent: string | null;
  /**
   * Apply runs what `git merge` would run in the main checkout — the
   * repository's own hooks, filters and merge drivers — only when true (the
   * person opted in). Otherwise Arbor runs nothing of the repository, ever.
   */
  runHooksOnApply: boolean;
  /** What agents may do alone in its runs (lib/permissions/schema.ts); null: each agent's default. */
  permissions: PermissionPolicy | null;
  /** The default workspace: where specs and issues without a project run. Cannot be edited or removed. */
  implicit: boolean;
  /** When it was archived (hidden from lists and pickers, no new runs, everything kept); null: active. */
  archivedAt: string | null;
  specCount: number;
  issueCount: number;
  executionCount: number;
  createdAt: string | null;
  updatedAt: string | null;
}

/** GET /api/projects */
export interface ProjectListResponse {
  items: Project[];
  /** The implicit project of everything that names none (ARBOR_WORKSPACE). */
  defaultWorkspace: Project;
}

/** A worktree of the project's repository that Arbor made for a line of work. */
export interface ProjectWorktree {
  path: string;
  branch: string | null;
  head: string | null;
  /** Its directory vanished (git would prune it). */
  missing: boolean;
  /** Disk it uses (its files and git's bookkeeping for it; objects are shared). */
  bytes: number;
  /** False when counting stopped at the page's time budget: `bytes` is a lower bound. */
  bytesComplete: boolean;
  /** The execution that ran in it, when known. */
  executionId: string | null;
  /** A checkout made ahead of time, waiting for the next run (no branch yet). */
  spare: boolean;
  /** Every session of its line of work is archived: housekeeping may remove it (POST /api/projects/:id/cleanup). */
  archived: boolean;
  /** Why Arbor refused to run git in it (its `.git` was changed): its line keeps its last good snapshot. Null: nothing wrong. */
  problem: string | null;
}

/** What the repository looks like right now (git projects). */
export interface RepositoryFacts {
  currentBranch: string | null;
  head: string | null;
  /** "rebase", "merge", … when git is in the middle of one. */
  operation: string | null;
  baseBranchExists: boolean;
  /** Tracked files with uncommitted changes in the main checkout. */
  uncommittedFiles: number;
}

/** GET /api/projects/:id */
export interface ProjectDetail extends Project {
  /** Null when the directory is not a git repository (or git could not be run: see `problems`). */
  repository: RepositoryFacts | null;
  worktrees: ProjectWorktree[];
  worktreeBytes: number;
  /** Things a person should fix, in words ("the directory no longer exists"). */
  problems: string[];
}

export interface DeleteProjectResponse {
  id: string;
  deleted: true;
}

/** POST /api/projects/:id/cleanup: the worktrees of archived sessions, removed (their branches and snapshots kept unless asked). */
export interface WorktreeCleanup {
  projectId: string;
  removed: Array<{
    path: string;
    /** The branch Arbor made for it (arbor/…): the only branch cleanup ever deletes. */
    branch: string | null;
    /** Its branch was deleted too (deleteBranches); its snapshots stay reachable either way. */
    branchDeleted: boolean;
    /** Why its branch stayed although deleteBranches asked (checked out elsewhere…). */
    branchKept?: string;
    /** The executions that ran in it. */
    executionIds: string[];
    /** Disk it used. */
    bytes: number;
  }>;
  /** Worktrees of archived sessions that were not removed, and why (an execution still queued or running there, …). */
  kept: Array<{ path: string; branch: string | null; reason: string }>;
  freedBytes: number;
}
