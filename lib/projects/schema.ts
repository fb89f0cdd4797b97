import { z } from "zod";
import { emptyToUndefined, isoDateSchema, limitSchema, requestObject } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";
import { branchNameProblem } from "./branch-name";
import { parseProjectId } from "./ids";
import { permissionPolicyResponseSchema, permissionPolicySchema } from "@/lib/permissions/schema";

// Request bodies and queries of the projects API, and its answers (below
// "Responses"), shared by the UI, the CLI and the server. Dates are ISO 8601 strings.

export const PROJECT_NAME_MAX = 200;
export const PROJECT_PATH_MAX = 4096;
const BRANCH_MAX = 250;

const nameSchema = text({ error: "Name must be text" })
  .trim()
  .min(1, "Name must not be empty")
  .max(PROJECT_NAME_MAX, `Name must be at most ${PROJECT_NAME_MAX} characters`);

const pathSchema = text({ error: (iss) => (iss.input === undefined || iss.input === null ? "Path is required" : "Path must be text") })
  .trim()
  .min(1, "Path is required")
  .max(PROJECT_PATH_MAX, `Path must be at most ${PROJECT_PATH_MAX} characters`);

// A branch, always used as refs/heads/<name>: revision syntax (main~0, main@{0}) is refused, naming it.
const baseBranchSchema = text({ error: "Base branch must be text" })
  .trim()
  .min(1, "Base branch must not be empty")
  .max(BRANCH_MAX, `Base branch must be at most ${BRANCH_MAX} characters`)
  .superRefine((name, ctx) => {
    // NUL is text()'s own message; one reason per problem.
    const problem = name.includes("\0") ? null : branchNameProblem(name);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Apply runs the repository's own hooks, filters and merge drivers (as the person's `git merge` would) only when true. */
const runHooksSchema = z.boolean({ error: "runHooksOnApply must be true or false" });

/** Runs there get Arbor's MCP server (server/mcp/): their agents may search and read Arbor's sessions, specs and issues. */
const mcpSchema = z.boolean({ error: "mcp must be true or false" });

// Closing the loop (issue 25): the project's check, worktree set-up and clean-up, and remote.

/** A shell line the person wrote ("npm test"), run with `sh -c`, or an argv (["npm", "test"]) run as it is. */
export const checkCommandSchema = z.union(
  [
    text({ error: "checkCommand must be a shell line or a list of arguments" })
      .trim()
      .min(1, "checkCommand must not be empty (null turns the check off)")
      .max(4000, "checkCommand must be at most 4,000 characters"),
    z
      .array(text({ error: "each argument of checkCommand must be text" }).min(1, "an argument of checkCommand must not be empty").max(4000), {
        error: "checkCommand must be a shell line or a list of arguments",
      })
      .min(1, "checkCommand must name a program")
      .max(200, "checkCommand may have at most 200 arguments"),
  ],
  { error: 'checkCommand must be a shell line ("npm test") or a list of arguments (["npm", "test"])' },
);
export type CheckCommand = z.infer<typeof checkCommandSchema>;

const checkTimeoutSchema = z
  .number({ error: "checkTimeoutSeconds must be a number of seconds" })
  .int("checkTimeoutSeconds must be a whole number of seconds")
  .min(1, "checkTimeoutSeconds must be at least 1")
  .max(86_400, "checkTimeoutSeconds must be at most 86,400 (a day)");

const scriptSchema = (name: string) =>
  text({ error: `${name} must be text` })
    .max(20_000, `${name} must be at most 20,000 characters`)
    .transform((v) => (v.trim() === "" ? null : v));

/** Globs of ignored files to copy from the main checkout into each new worktree (".env", "config/*.local.json"). */
const copyFilesSchema = z
  .array(
    text({ error: "each copyFiles entry must be text" })
      .trim()
      .min(1, "a copyFiles entry must not be empty")
      .max(500, "a copyFiles entry must be at most 500 characters")
      .refine((g) => !g.startsWith("/") && !g.split("/").includes(".."), "copyFiles entries are paths inside the project (no leading / and no ..)"),
    { error: 'copyFiles must be a list of globs like [".env"]' },
  )
  .max(100, "copyFiles may have at most 100 entries");

/** A git remote's name (default: origin when the repository has one). */
const remoteSchema = text({ error: "remote must be text" })
  .trim()
  .min(1, "remote must not be empty")
  .max(200, "remote must be at most 200 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, "remote must be a remote's name like origin");

/** The fields of closing the loop, as POST and PATCH take them (null clears one). */
const loopFields = {
  checkCommand: checkCommandSchema.nullable().optional(),
  checkTimeoutSeconds: checkTimeoutSchema.optional(),
  setupScript: scriptSchema("setupScript").nullable().optional(),
  copyFiles: copyFilesSchema.optional(),
  cleanupScript: scriptSchema("cleanupScript").nullable().optional(),
  remote: remoteSchema.nullable().optional(),
};

const agentSchema = text({ error: "Agent must be text" }).trim().min(1, "Agent must not be empty").max(64, "Agent must be at most 64 characters");

/** POST /api/projects: a directory to register (name: its folder's; base branch: the checked-out one). */
export const createProjectSchema = requestObject({
  path: pathSchema,
  name: nameSchema.optional(),
  baseBranch: baseBranchSchema.optional(),
  defaultAgent: agentSchema.optional(),
  runHooksOnApply: runHooksSchema.optional(),
  /** Absent: on. */
  mcp: mcpSchema.optional(),
  /** What agents may do alone in its runs (lib/permissions/schema.ts); absent: each agent's default. */
  permissions: permissionPolicySchema.optional(),
  ...loopFields,
});
export type CreateProjectInput = z.input<typeof createProjectSchema>;
export type CreateProjectData = z.output<typeof createProjectSchema>;

/** PATCH /api/projects/:id. The path cannot change: register the new directory as its own project. */
export const updateProjectSchema = requestObject({
  name: nameSchema.optional(),
  baseBranch: baseBranchSchema.optional(),
  /** null clears it. */
  defaultAgent: agentSchema.nullable().optional(),
  runHooksOnApply: runHooksSchema.optional(),
  mcp: mcpSchema.optional(),
  /** What agents may do alone in its runs; null: back to each agent's default. The only field the default workspace takes. */
  permissions: permissionPolicySchema.nullable().optional(),
  /** true: retire it (hidden from lists and pickers, no new runs, everything kept); false: bring it back. */
  archived: z.boolean({ error: "archived must be true or false" }).optional(),
  ...loopFields,
}).refine((v) => Object.values(v).some((x) => x !== undefined), {
  message:
    "Nothing to update: send at least one of name, baseBranch, defaultAgent, runHooksOnApply, mcp, permissions, archived, checkCommand, checkTimeoutSeconds, setupScript, copyFiles, cleanupScript, remote",
  when: (payload) => payload.issues.length === 0,
});
export type UpdateProjectInput = z.input<typeof updateProjectSchema>;
export type UpdateProjectData = z.output<typeof updateProjectSchema>;

/** POST /api/projects/:id/cleanup: remove the worktrees of archived sessions; deleteBranches: their branches too. */
export const cleanupWorktreesSchema = requestObject({
  deleteBranches: z.boolean({ error: "deleteBranches must be true or false" }).optional(),
});
export type CleanupWorktreesInput = z.input<typeof cleanupWorktreesSchema>;

/** GET /api/projects?limit=&archived= (archived=true: the archived projects instead of the active ones) */
export const projectListQuerySchema = requestObject({
  limit: limitSchema,
  archived: z.preprocess(
    emptyToUndefined,
    z
      .enum(["true", "false"], { error: "archived must be true or false" })
      .transform((v) => v === "true")
      .optional(),
  ),
});

/**
 * The project a spec or issue belongs to: an id like "PROJ-2" (any case), or
 * null / "" for none (the default workspace). Whether it exists is checked by the server.
 */
export const projectRefSchema = text({ error: "Project must be a project id like PROJ-1, or null for the default workspace" })
  .trim()
  .nullable()
  .transform((v, ctx) => {
    if (v === null || v === "") return null;
    const id = parseProjectId(v);
    if (!id) {
      ctx.addIssue({ code: "custom", message: `"${v.slice(0, 40)}" is not a project id (project ids look like PROJ-1)` });
      return z.NEVER;
    }
    return id;
  });

/** `?projectId=` of list queries: a project id, or "none" for the default workspace's. */
export const projectFilterSchema = z.preprocess(
  emptyToUndefined,
  text()
    .trim()
    .transform((v, ctx) => {
      if (v.toLowerCase() === "none" || v.toLowerCase() === "default") return "none" as const;
      const id = parseProjectId(v);
      if (!id) {
        ctx.addIssue({ code: "custom", message: `"${v.slice(0, 40)}" is not a project id (use PROJ-1, or none)` });
        return z.NEVER;
      }
      return id;
    })
    .optional(),
);

// ---- Responses ----------------------------------------------------------

export const projectSchema = z.object({
  /** "PROJ-2", or "default" for the implicit default workspace. */
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  /** Real path on the server (symlinks resolved). */
  path: z.string(),
  isGitRepo: z.boolean(),
  /** Runs start from it and Apply merges into it (git projects). */
  baseBranch: z.string().nullable(),
  defaultAgent: z.string().nullable(),
  /**
   * Apply runs what `git merge` would run in the main checkout — the
   * repository's own hooks, filters and merge drivers — only when true (the
   * person opted in). Otherwise Arbor runs nothing of the repository, ever.
   */
  runHooksOnApply: z.boolean(),
  /**
   * Its runs get Arbor's MCP server `arbor` (agents may consult Arbor: search
   * sessions, read issues and specs, cite, file issues). On by default; the
   * default workspace's runs always get it.
   */
  mcp: z.boolean(),
  /** Run after each turn's snapshot in its worktree: a shell line or an argv; null: no check. */
  checkCommand: z.union([z.string(), z.array(z.string())]).nullable(),
  checkTimeoutSeconds: z.number().int(),
  /** Run (sh -c) in each new worktree before its first turn; null: none. */
  setupScript: z.string().nullable(),
  /** Globs copied from the main checkout into each new worktree (and .worktreeinclude's). */
  copyFiles: z.array(z.string()),
  /** Run (sh -c) in a worktree before Arbor removes it; null: none. */
  cleanupScript: z.string().nullable(),
  /** Where Push goes; null: origin when the repository has one. */
  remote: z.string().nullable(),
  /** What agents may do alone in its runs (lib/permissions/schema.ts); null: each agent's default. */
  permissions: permissionPolicyResponseSchema.nullable(),
  /** The default workspace: where specs and issues without a project run. Cannot be edited or removed. */
  implicit: z.boolean(),
  /** When it was archived (hidden from lists and pickers, no new runs, everything kept); null: active. */
  archivedAt: isoDateSchema.nullable(),
  specCount: z.number().int(),
  issueCount: z.number().int(),
  executionCount: z.number().int(),
  createdAt: isoDateSchema.nullable(),
  updatedAt: isoDateSchema.nullable(),
});
export type Project = z.infer<typeof projectSchema>;

/** GET /api/projects */
export const projectListResponseSchema = z.object({
  items: z.array(projectSchema),
  /** The implicit project of everything that names none (ARBOR_WORKSPACE). */
  defaultWorkspace: projectSchema,
});
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;

/** A worktree of the project's repository that Arbor made for a line of work. */
export const projectWorktreeSchema = z.object({
  path: z.string(),
  branch: z.string().nullable(),
  head: z.string().nullable(),
  /** Its directory vanished (git would prune it). */
  missing: z.boolean(),
  /** Disk it uses (its files and git's bookkeeping for it; objects are shared). */
  bytes: z.number(),
  /** False when counting stopped at the page's time budget: `bytes` is a lower bound. */
  bytesComplete: z.boolean(),
  /** The execution that ran in it, when known. */
  executionId: z.string().nullable(),
  /** A checkout made ahead of time, waiting for the next run (no branch yet). */
  spare: z.boolean(),
  /** Every session of its line of work is archived: housekeeping may remove it (POST /api/projects/:id/cleanup). */
  archived: z.boolean(),
  /** Why Arbor refused to run git in it (its `.git` was changed): its line keeps its last good snapshot. Null: nothing wrong. */
  problem: z.string().nullable(),
});
export type ProjectWorktree = z.infer<typeof projectWorktreeSchema>;

/** What the repository looks like right now (git projects). */
export const repositoryFactsSchema = z.object({
  currentBranch: z.string().nullable(),
  head: z.string().nullable(),
  /** "rebase", "merge", … when git is in the middle of one. */
  operation: z.string().nullable(),
  baseBranchExists: z.boolean(),
  /** Tracked files with uncommitted changes in the main checkout. */
  uncommittedFiles: z.number().int(),
});
export type RepositoryFacts = z.infer<typeof repositoryFactsSchema>;

/** GET /api/projects/:id */
export const projectDetailSchema = projectSchema.extend({
  /** Null when the directory is not a git repository (or git could not be run: see `problems`). */
  repository: repositoryFactsSchema.nullable(),
  worktrees: z.array(projectWorktreeSchema),
  worktreeBytes: z.number(),
  /**
   * Agents' session state Arbor keeps in PostgreSQL for its sessions (issue 24): the sessions, their
   * versions (one per turn that changed it), the bytes the latest versions take as files, and the
   * bytes stored (distinct compressed chunks).
   */
  sessionState: z.object({ sessions: z.number().int(), versions: z.number().int(), latestBytes: z.number(), storedBytes: z.number() }),
  /** Things a person should fix, in words ("the directory no longer exists"). */
  problems: z.array(z.string()),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** DELETE /api/projects/:id */
export const deleteProjectResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type DeleteProjectResponse = z.infer<typeof deleteProjectResponseSchema>;

/** POST /api/projects/:id/cleanup: the worktrees of archived sessions, removed (their branches and snapshots kept unless asked). */
export const worktreeCleanupSchema = z.object({
  projectId: z.string(),
  removed: z.array(
    z.object({
      path: z.string(),
      /** The branch Arbor made for it (arbor/…): the only branch cleanup ever deletes. */
      branch: z.string().nullable(),
      /** Its branch was deleted too (deleteBranches); its snapshots stay reachable either way. */
      branchDeleted: z.boolean(),
      /** Why its branch stayed although deleteBranches asked (checked out elsewhere…). */
      branchKept: z.string().optional(),
      /** The executions that ran in it. */
      executionIds: z.array(z.string()),
      /** Disk it used. */
      bytes: z.number(),
      /** The project's cleanup script, run there before the removal (absent: the project has none); a failure is said and the removal goes on. */
      cleanupScript: z
        .object({
          status: z.enum(["passed", "failed", "timed_out", "error"]),
          exitCode: z.number().nullable(),
          /** How it ended, and the end of its output when it failed. */
          message: z.string(),
        })
        .optional(),
    }),
  ),
  /** Worktrees of archived sessions that were not removed, and why (an execution still queued or running there, …). */
  kept: z.array(z.object({ path: z.string(), branch: z.string().nullable(), reason: z.string() })),
  freedBytes: z.number(),
});
export type WorktreeCleanup = z.infer<typeof worktreeCleanupSchema>;
