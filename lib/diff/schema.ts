import { z } from "zod";
import { UUID } from "@/lib/ids";
import { emptyToUndefined, requestObject } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";

// Queries and bodies of the diff and Apply APIs, and their answers (below
// "Responses"). Shared by the UI, the CLI and the server.

export const DIFF_MAX_BYTES_LIMIT = 20 * 1024 * 1024;

const maxBytesSchema = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: "maxBytes must be a number" })
    .int("maxBytes must be a whole number")
    .min(1024, "maxBytes must be at least 1024")
    .max(DIFF_MAX_BYTES_LIMIT, `maxBytes must be at most ${DIFF_MAX_BYTES_LIMIT}`)
    .optional(),
);

const executionIdSchema = (name: string) =>
  text({ error: `${name} is required: an execution id` })
    .trim()
    .regex(UUID, `${name} must be an execution id (a UUID)`)
    .transform((v) => v.toLowerCase());

/** GET /api/executions/:id/diff?maxBytes= */
export const diffQuerySchema = requestObject({ maxBytes: maxBytesSchema });

/** GET /api/compare/diff?a=&b=&maxBytes= */
export const compareDiffQuerySchema = requestObject({ a: executionIdSchema("a"), b: executionIdSchema("b"), maxBytes: maxBytesSchema });

/** GET /api/executions/:id/apply-preview?maxBytes= */
export const applyPreviewQuerySchema = requestObject({ maxBytes: maxBytesSchema });

/** How Apply brings a line of work into the base branch: a merge commit, or one squashed commit. */
export const APPLY_STRATEGIES = ["merge", "squash"] as const;

/** POST /api/executions/:id/apply { strategy (default: squash, one commit), message? } */
export const applyExecutionSchema = requestObject({
  strategy: z.enum(APPLY_STRATEGIES, { error: 'strategy must be "merge" or "squash"' }).default("squash"),
  message: text({ error: "message must be text" })
    .trim()
    .min(1, "message must not be empty")
    .max(10_000, "message must be at most 10,000 characters")
    .optional(),
});
export type ApplyExecutionInput = z.input<typeof applyExecutionSchema>;

// ---- Responses ----------------------------------------------------------

export const DIFF_FILE_STATUSES = ["added", "modified", "deleted", "renamed", "copied", "type_changed"] as const;
export type DiffFileStatus = (typeof DIFF_FILE_STATUSES)[number];

export const diffFileSchema = z.object({
  path: z.string(),
  /** The path before a rename or copy; null otherwise. */
  oldPath: z.string().nullable(),
  status: z.enum(DIFF_FILE_STATUSES),
  /** Lines added / removed (0 for binary files). */
  additions: z.number().int(),
  deletions: z.number().int(),
  binary: z.boolean(),
});
export type DiffFile = z.infer<typeof diffFileSchema>;

/** What changed between two commits. */
export const diffResultSchema = z.object({
  /** Full SHAs. */
  from: z.string(),
  to: z.string(),
  /** Every changed file, always complete. */
  files: z.array(diffFileSchema),
  additions: z.number().int(),
  deletions: z.number().int(),
  /** The unified patch (`git diff`), whole files only; binary files appear as "Binary files … differ". */
  patch: z.string(),
  /** The patch was cut at `maxPatchBytes`: files after the cut have no text in it. */
  truncated: z.boolean(),
  maxPatchBytes: z.number().int(),
});
export type DiffResult = z.infer<typeof diffResultSchema>;

/** GET /api/executions/:id/diff: its start commit → its snapshot. */
export const executionDiffSchema = diffResultSchema.extend({
  executionId: z.string(),
  projectId: z.string(),
  branch: z.string().nullable(),
  baseBranch: z.string().nullable(),
});
export type ExecutionDiff = z.infer<typeof executionDiffSchema>;

/** GET /api/compare/diff?a=&b=: execution a's snapshot → execution b's snapshot. */
export const compareDiffSchema = diffResultSchema.extend({ a: z.string(), b: z.string(), projectId: z.string() });
export type CompareDiff = z.infer<typeof compareDiffSchema>;

export type ApplyStrategy = (typeof APPLY_STRATEGIES)[number];

/** POST /api/executions/:id/apply */
export const applyResultSchema = z.object({
  executionId: z.string(),
  /** "up_to_date": the base branch already had these changes; nothing was done. */
  status: z.enum(["applied", "up_to_date"]),
  strategy: z.enum(APPLY_STRATEGIES),
  baseBranch: z.string(),
  /** The base branch's commit before. */
  previousHead: z.string(),
  /** The base branch's commit now (the new merge or squash commit when applied). */
  commit: z.string(),
  message: z.string(),
  /** The repository's own hooks, filters and merge drivers ran (the project allows them on Apply); otherwise nothing of the repository ran. */
  repositoryHooks: z.boolean(),
});
export type ApplyResult = z.infer<typeof applyResultSchema>;

/** Why Apply would refuse right now although what it would bring is known; the person can fix it and look again. */
export const applyBlockerSchema = z.object({
  /** "dirty", "wrong_branch", "busy" (the main checkout), "repository_drivers" (the repository's own drivers, in safe mode). */
  reason: z.string(),
  message: z.string(),
  /** The main checkout's uncommitted files ("dirty"). */
  files: z.array(z.string()).optional(),
});
export type ApplyBlocker = z.infer<typeof applyBlockerSchema>;

/**
 * GET /api/executions/:id/apply-preview: what "Apply this line" would do to
 * the base branch, computed without touching anything (nor running any of
 * the repository's code).
 */
export const applyPreviewSchema = z.object({
  executionId: z.string(),
  projectId: z.string(),
  baseBranch: z.string(),
  /** The base branch's head now: what Apply merges into. */
  baseHead: z.string(),
  /** The snapshot Apply brings in: this execution's. */
  snapshot: z.string(),
  /** The line of work's branch (arbor/<ISSUE-n>/<short id>). */
  branch: z.string().nullable(),
  /** The latest turn of this line of work (in its worktree): a Continue there carries it on. */
  lineHeadId: z.string(),
  /** Its worktree, to open and resolve conflicts by hand; null when it is gone. */
  worktreePath: z.string().nullable(),
  /**
   * "clean": `diff` is exactly what the base branch receives (its head → the merged files);
   * "conflicts": `conflicts` lists the files both changed, and `diff` is what the line changed since it left the base branch;
   * "up_to_date": the base branch already has all of it.
   */
  merge: z.enum(["clean", "conflicts", "up_to_date"]),
  conflicts: z.array(z.string()),
  diff: diffResultSchema,
  /** Why Apply would refuse right now (the main checkout is dirty, on another branch, mid-operation; drivers); null: it can go ahead. */
  blocked: applyBlockerSchema.nullable(),
  /** Apply's default strategy, and the commit message it uses when none is given, by strategy. */
  defaultStrategy: z.enum(APPLY_STRATEGIES),
  defaultMessages: z.object({ merge: z.string(), squash: z.string() }),
  /** Apply runs the repository's own hooks (the project allows it); the preview never does. */
  repositoryHooks: z.boolean(),
});
export type ApplyPreview = z.infer<typeof applyPreviewSchema>;
