import { z } from "zod";
import { permissionPolicySchema } from "@/lib/permissions/schema";
import { EXECUTION_STATUSES, type ExecutionStatus } from "@/lib/executions/types";
import { DEFAULT_PROJECT_KEY, parseProjectId } from "@/lib/projects/ids";
import { requestObject } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";

// Request bodies for the executions API, shared by the UI, the CLI and the server.
// The responses' schemas are in files of their own (the execution, its check,
// the session tree, its log); re-exported here so the many modules that take
// them from lib/executions/schema keep doing so.
export * from "@/lib/executions/execution-schema";
export * from "@/lib/executions/check-schema";
export * from "@/lib/executions/tree-schema";
export * from "@/lib/executions/log-schema";

/**
 * A model as the agent's CLI names it ("sonnet", "gpt-5.5", "anthropic/claude-sonnet-4-5"):
 * one argv element, so letters, digits and . _ : / @ + - only.
 */
export const modelSchema = text({ error: "model must be text" })
  .trim()
  .min(1, "model must not be empty")
  .max(120, "model must be at most 120 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/, "model may hold letters, digits and . _ : / @ + - only (a name like sonnet or gpt-5.5)");

export const agentNameSchema = text({ error: "agent must be text" }).trim().min(1, "agent must not be empty").max(64, "agent must be at most 64 characters");

export const prompt = text({ error: "Prompt is required" }).trim().min(1, "Prompt is required").max(200_000, "Prompt is too long (200,000 characters at most)");

export const createExecutionSchema = requestObject({
  issueId: text({ error: "issueId is required (e.g. ISSUE-1)" }).trim().min(1, "issueId is required (e.g. ISSUE-1)"),
  prompt,
  /** Default: the issue's project's default agent, else Claude Code. */
  agent: agentNameSchema.optional(),
  /** The model the agent runs with (its CLI's --model / -m); default: the CLI's own. */
  model: modelSchema.optional(),
  cwd: text().trim().min(1, "cwd must not be empty").max(4096).optional(),
  /** The project to run in (default: the issue's); "default" is the default workspace. */
  projectId: text({ error: "projectId must be a project id like PROJ-1, or default" })
    .trim()
    .transform((v, ctx) => {
      if (v.toLowerCase() === DEFAULT_PROJECT_KEY) return DEFAULT_PROJECT_KEY;
      const id = parseProjectId(v);
      if (id) return id;
      ctx.addIssue({ code: "custom", message: `"${v.slice(0, 40)}" is not a project id (project ids look like PROJ-1; "default" is the default workspace)` });
      return z.NEVER;
    })
    .optional(),
  /** In a git project: run in the project's directory itself instead of a worktree of its own. */
  sharedDirectory: z.boolean({ error: "sharedDirectory must be true or false" }).optional(),
  /** In a git project: the branch, tag or commit the run's worktree starts from (default: the base branch's head). */
  startRef: text({ error: "startRef must be text" }).trim().min(1, "startRef must not be empty").max(250, "startRef must be at most 250 characters").optional(),
  /** What the agent may do alone in this run, over its project's policy (lib/permissions/schema.ts). */
  permissions: permissionPolicySchema.optional(),
});
export type CreateExecutionInput = z.input<typeof createExecutionSchema>;
export type CreateExecutionData = z.output<typeof createExecutionSchema>;

/** Continue (the session's next turn) or Fork (a new session branched from it): one name from the UI to the tree edge. */
export const FOLLOW_UP_MODES = ["continue", "fork"] as const;
export type FollowUpMode = (typeof FOLLOW_UP_MODES)[number];

/** freshSession: start a new session carrying Arbor's transcript of the conversation instead of resuming the agent's. */
export const followUpSchema = requestObject({
  prompt,
  freshSession: z.boolean({ error: "freshSession must be true or false" }).optional(),
  /** What the agent may do alone in this turn, over its project's policy. */
  permissions: permissionPolicySchema.optional(),
});
export type FollowUpInput = z.input<typeof followUpSchema>;

/**
 * POST /api/executions/:id/continue. withCheck (issue 25): continue with the
 * turn's failing check, the prompt carrying its output's tail; withReview:
 * with its pull request's review comments and failing CI (`prompt`, optional
 * then, is added after them).
 */
export const continueSchema = requestObject({
  prompt: prompt.optional(),
  freshSession: z.boolean({ error: "freshSession must be true or false" }).optional(),
  permissions: permissionPolicySchema.optional(),
  withCheck: z.boolean({ error: "withCheck must be true or false" }).optional(),
  /** Continue with review: the prompt carries the line's pull request's review comments and failing CI. */
  withReview: z.boolean({ error: "withReview must be true or false" }).optional(),
}).superRefine((value, ctx) => {
  if (value.prompt === undefined && !value.withCheck && !value.withReview) ctx.addIssue({ code: "custom", path: ["prompt"], message: "Prompt is required" });
});
export type ContinueInput = z.input<typeof continueSchema>;

/**
 * A Fork may hand the session to another agent (issue 26): a new session of
 * that agent carrying Arbor's transcript of the conversation, in a worktree
 * from the source's snapshot. `model`: default the source's when the agent is
 * the same, else the CLI's own. A Continue always stays with its session's agent.
 */
export const forkSchema = followUpSchema.extend({ agent: agentNameSchema.optional(), model: modelSchema.optional() });
export type ForkInput = z.input<typeof forkSchema>;

/** withConversation (default true): the new session's prompt carries Arbor's transcript of the conversation before the restarted turn. */
export const startFreshSchema = requestObject({
  prompt: prompt.optional(),
  withConversation: z.boolean({ error: "withConversation must be true or false" }).optional(),
});
export type StartFreshInput = z.input<typeof startFreshSchema>;

/** ?status=queued,running: one execution status or several, comma-separated (the executions list's filter, and Insights'). */
export const executionStatusesParam = text()
  .trim()
  .optional()
  .transform((raw, ctx) => {
    if (!raw) return undefined;
    const statuses = raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = statuses.filter((s) => !(EXECUTION_STATUSES as readonly string[]).includes(s));
    if (unknown.length) {
      ctx.addIssue({ code: "custom", message: `unknown status ${unknown.join(", ")}: use ${EXECUTION_STATUSES.join(", ")}` });
      return z.NEVER;
    }
    return statuses as ExecutionStatus[];
  });
