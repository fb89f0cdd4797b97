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
