// Shapes of the diff and apply APIs' JSON. Shared by the UI, the CLI and the server.

export type DiffFileStatus = "added" | "modified" | "deleted" | "renamed" | "copied" | "type_changed";

export interface DiffFile {
  path: string;
  /** The path before a rename or copy; null otherwise. */
  oldPath: string | null;
  status: DiffFileStatus;
  /** Lines added / removed (0 for binary files). */
  additions: number;
  deletions: number;
  binary: boolean;
}

/** What changed between two commits. */
export interface DiffResult {
  /** Full SHAs. */
  from: string;
  to: string;
  /** Every changed file, always complete. */
  files: DiffFile[];
  additions: number;
  deletions: number;
  /** The unified patch (`git diff`), whole files only; binary files appear as "Binary files … differ". */
  patch: string;
  /** The patch was cut at `maxPatchBytes`: files after the cut have no text in it. */
  truncated: boolean;
  maxPatchBytes: number;
}

/** GET /api/executions/:id/diff: its start commit → its snapshot. */
export interface ExecutionDiff extends DiffResult {
  executionId: string;
  projectId: string;
  branch: string | null;
  baseBranch: string | null;
}

/** GET /api/compare/diff?a=&b=: execution a's snapshot → execution b's snapshot. */
export interface CompareDiff extends DiffResult {
  a: string;
  b: string;
  projectId: string;
}

export type ApplyStrategy = "merge" | "squash";

/** POST /api/executions/:id/apply */
export interface ApplyResult {
  executionId: string;
  /** "up_to_date": the base branch already had these changes; nothing was done. */
  status: "applied" | "up_to_date";
  strategy: ApplyStrategy;
  baseBranch: string;
  /** The base branch's commit before. */
  previousHead: string;
  /** The base branch's commit now (the new merge or squash commit when applied). */
  commit: string;
  message: string;
  /** The repository's own hooks, filters and merge drivers ran (the project allows them on Apply); otherwise nothing of the repository ran. */
  repositoryHooks: boolean;
}

/** Why Apply would refuse right now although what it would bring is known; the person can fix it and look again. */
export interface ApplyBlocker {
  /** "dirty", "wrong_branch", "busy" (the main checkout), "repository_drivers" (the repository's own drivers, in safe mode). */
  reason: string;
  message: string;
  /** The main checkout's uncommitted files ("dirty"). */
  files?: string[];
}

/**
 * GET /api/executions/:id/apply-preview: what "Apply this line" would do to
 * the base branch, computed without touching anything (nor running any of
 * the repository's code).
 */
export interface ApplyPreview {
  executionId: string;
  projectId: string;
  baseBranch: string;
  /** The base branch's head now: what Apply merges into. */
  baseHead: string;
  /** The snapshot Apply brings in: this execution's. */
  snapshot: string;
  /** The line of work's branch (arbor/<ISSUE-n>/<short id>). */
  branch: string | null;
  /** The latest turn of this line of work (in its worktree): a Continue there carries it on. */
  lineHeadId: string;
  /** Its worktree, to open and resolve conflicts by hand; null when it is gone. */
  worktreePath: string | null;
  /**
   * "clean": `diff` is exactly what the base branch receives (its head → the merged files);
   * "conflicts": `conflicts` lists the files both changed, and `diff` is what the line changed since it left the base branch;
   * "up_to_date": the base branch already has all of it.
   */
  merge: "clean" | "conflicts" | "up_to_date";
  conflicts: string[];
  diff: DiffResult;
  /** Why Apply would refuse right now (the main checkout is dirty, on another branch, mid-operation; drivers); null: it can go ahead. */
  blocked: ApplyBlocker | null;
  /** Apply's default strategy, and the commit message it uses when none is given, by strategy. */
  defaultStrategy: ApplyStrategy;
  defaultMessages: Record<ApplyStrategy, string>;
  /** Apply runs the repository's own hooks (the project allows it); the preview never does. */
  repositoryHooks: boolean;
}
