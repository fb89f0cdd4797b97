import { z } from "zod";
import { waitingForSchema } from "@/lib/approvals/schema";
import { permissionPolicyResponseSchema, permissionPolicySchema } from "@/lib/permissions/schema";
import {
  EXECUTION_ERROR_CODES,
  EXECUTION_STATUSES,
  LAUNCH_KINDS,
  RESUME_DECISIONS,
  RESUME_REASONS,
  SESSION_TREE_EDGES,
  type ExecutionStatus,
  type SessionTreeEdge,
} from "@/lib/executions/types";
import type { LogEntry } from "@/lib/executions/log-entries";
import { timingsSchema } from "@/lib/executions/timings";
import { DEFAULT_PROJECT_KEY, parseProjectId } from "@/lib/projects/ids";
import { isoDateSchema, requestObject } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";

// Request bodies for the executions API, shared by the UI, the CLI and the server.

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

// ---- Responses ----------------------------------------------------------
// The Execution as the API returns it (GET /api/executions/:id), shared by
// the UI, the CLI and the server's serializer (toExecutionDto).

/** The git worktree an execution ran in: its own line of work, branched from a commit. */
export const executionWorktreeSchema = z.object({
  path: z.string(),
  /** "arbor/ISSUE-3/1f2e3d4c" */
  branch: z.string().nullable(),
  /** present: on disk; missing: its directory vanished; removed: cleaned up by housekeeping. */
  state: z.enum(["present", "missing", "removed"]).nullable(),
  /** The commit it started from. */
  startSha: z.string().nullable(),
  /** The commit of the worktree's state when it ended; null until then. */
  snapshotSha: z.string().nullable(),
  /** What it changed (start → snapshot), counted with the snapshot; null until then. */
  changes: z.object({ files: z.number().int(), additions: z.number().int(), deletions: z.number().int() }).nullable(),
});
export type ExecutionWorktree = z.infer<typeof executionWorktreeSchema>;

export const resumeInfoSchema = z.object({
  decision: z.enum(RESUME_DECISIONS),
  reason: z.enum(RESUME_REASONS),
  /** The sentence the UI shows (null when there is nothing to say). */
  message: z.string().nullable(),
  /** A transcript-primed turn carries the conversation up to and including this execution. */
  transcriptSourceExecutionId: z.string().nullable(),
});
export type ResumeInfo = z.infer<typeof resumeInfoSchema>;

/** The agent binary that ran a turn (or made a session): its real path and version. */
export const runtimeFingerprintSchema = z.object({ path: z.string(), version: z.string().nullable() });
export type RuntimeFingerprint = z.infer<typeof runtimeFingerprintSchema>;

/**
 * What resume saved on a turn. savedInputTokens: the estimated tokens of the
 * transcript a non-resumed turn would have had to send, on a turn that ran
 * on the agent's resumed session (null otherwise).
 */
export const resumeTelemetrySchema = z.object({
  sessionResumed: z.boolean().nullable(),
  transcriptTokens: z.number().nullable(),
  savedInputTokens: z.number().nullable(),
});
export type ResumeTelemetry = z.infer<typeof resumeTelemetrySchema>;

/** The policy a turn ran under (lib/permissions/schema.ts EffectivePermissions). */
export const effectivePermissionsSchema = permissionPolicyResponseSchema.extend({ source: z.enum(["run", "project", "agent-default"]) });

/** The project's check on a turn's snapshot (issue 25); "running" while it runs. */
export const CHECK_STATUSES = ["running", "passed", "failed", "timed_out", "error"] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export const checkResultSchema = z.object({
  status: z.enum(CHECK_STATUSES),
  /** Null while running, when it timed out or could not start. */
  exitCode: z.number().int().nullable(),
  durationMs: z.number().nullable(),
  /** One line: "passed in 4.2 s", "failed (exit 1): 3 failing", "timed out after 600 s", why it could not run. */
  summary: z.string(),
  /** The command as the project had it then (a shell line, or the argv joined). */
  command: z.string(),
  /** The snapshot it checked. */
  snapshotSha: z.string().nullable(),
  /** The turn changed nothing: this is the result of the execution it came from, not a new run of the check. */
  reusedFromExecutionId: z.string().nullable(),
  startedAt: isoDateSchema,
});
export type CheckResult = z.infer<typeof checkResultSchema>;

/** GET /api/executions/:id/check: the result and the end of the output (the run it reused, when it reused one). */
export const executionCheckSchema = z.object({
  check: checkResultSchema.nullable(),
  output: z.array(z.object({ stream: z.enum(["stdout", "stderr"]), text: z.string() })),
  /** Lines before the ones returned (the page shows the end). */
  omittedLines: z.number().int(),
  /** Bytes of output beyond what is stored (a check that flooded its output). */
  droppedBytes: z.number().int(),
});
export type ExecutionCheck = z.infer<typeof executionCheckSchema>;

/**
 * The agent's own session state Arbor wrote back before this turn (issue 24:
 * the runner lacked it, or had an older copy): what, from where, how long it
 * took; or why it could not (then the turn fell back to Arbor's transcript).
 */
export const stateRestoreSchema = z.union([
  z.object({
    files: z.number().int(),
    bytes: z.number().int(),
    ms: z.number().int(),
    fromRunnerId: z.string().nullable(),
    fromExecutionId: z.string().nullable(),
  }),
  z.object({ error: z.string() }),
]);
export type StateRestore = z.infer<typeof stateRestoreSchema>;

/** The line's branch pushed with this turn's snapshot (POST /api/executions/:id/push). */
export const pushedSchema = z.object({ branch: z.string(), commit: z.string(), remote: z.string(), at: isoDateSchema });
export type Pushed = z.infer<typeof pushedSchema>;

export const executionSchema = z.object({
  id: z.string(),
  issueId: z.string(),
  agent: z.string(),
  /** The model the person chose for it (the CLI's --model / -m); null: the CLI's default. */
  model: z.string().nullable(),
  /** The fan-out group it is a member of ("GRP-3"), if any (lib/groups/schema.ts). */
  groupId: z.string().nullable(),
  prompt: z.string(),
  cwd: z.string(),
  status: z.enum(EXECUTION_STATUSES),
  sessionId: z.string().nullable(),
  sessionConfirmed: z.boolean(),
  /** The Arbor session (SESS-n) this execution is a turn of, once known. */
  managedSessionId: z.string().nullable(),
  /** Cited specs/issues whose text was added to what the agent received (once per conversation). */
  expandedReferences: z.array(z.string()),
  parentExecutionId: z.string().nullable(),
  forkedFromExecutionId: z.string().nullable(),
  forkSessionId: z.string().nullable(),
  resumeAtMessageId: z.string().nullable(),
  restartedFromExecutionId: z.string().nullable(),
  /** The person asked for a fresh session (carrying Arbor's transcript) instead of a resume. */
  forceFresh: z.boolean(),
  /** How this turn relates to the agent's session, once decided (null: a new run). */
  resume: resumeInfoSchema.nullable(),
  runtime: runtimeFingerprintSchema.nullable(),
  runnerId: z.string().nullable(),
  /** The project it ran in ("PROJ-2"), or null: the default workspace. */
  projectId: z.string().nullable(),
  /** It ran in the project's directory itself, by the person's choice, not in a worktree of its own. */
  sharedDirectory: z.boolean(),
  /** Its own worktree, once the runner made one (git projects). */
  worktree: executionWorktreeSchema.nullable(),
  /**
   * Why Arbor refused to run git in its worktree (its `.git` was changed, by
   * an agent's tool or anyone): its line of work keeps its last good snapshot.
   * Null: nothing wrong.
   */
  worktreeProblem: z.string().nullable(),
  error: z.object({ code: z.enum(EXECUTION_ERROR_CODES), message: z.string() }).nullable(),
  /**
   * inputTokens counts all input, prompt-cache reads and writes included.
   * Null where the agent did not say (a cost most CLIs never report; a turn's
   * share of a running total that cannot be worked out): unknown, never 0.
   */
  usage: z
    .object({
      inputTokens: z.number().nullable(),
      outputTokens: z.number().nullable(),
      cacheReadTokens: z.number().nullable(),
      cacheCreationTokens: z.number().nullable(),
      costUsd: z.number().nullable(),
      durationMs: z.number().nullable(),
      numTurns: z.number().nullable(),
    })
    .nullable(),
  telemetry: resumeTelemetrySchema,
  eventCount: z.number().int(),
  /** Epoch ms per hop of the launch path (lib/executions/timings.ts); null before the runner stamped any. */
  timings: timingsSchema.nullable(),
  /** How the turn reached its agent (spawned, sent to the warm process, steered into the running turn) and why; null until launched. */
  launch: z.object({ kind: z.enum(LAUNCH_KINDS), reason: z.string().nullable(), pid: z.number().int().nullable() }).nullable(),
  /** Set while a Continue waits for an earlier turn of the same session. */
  waitingForExecutionId: z.string().nullable(),
  /** Set while the agent waits for a person's decision (an approval, a question, a plan): the oldest it waits on. */
  waitingFor: waitingForSchema.nullable(),
  /** The permission policy the turn ran under (null until its runner settled it, or for an agent that honours none). */
  permissions: effectivePermissionsSchema.nullable(),
  /** Tool calls the agent was refused in this turn (by its policy or a person); null when the agent does not say. */
  refusedActions: z.number().int().nullable(),
  /** The project's check on this turn's snapshot; null: the project has none (or the turn made no snapshot). */
  check: checkResultSchema.nullable(),
  /** Its line's branch pushed with this turn's snapshot; null: not pushed from this turn. */
  pushed: pushedSchema.nullable(),
  /** The session state restored before it (another runner's, or the CLI had deleted its copy); null: none needed. */
  stateRestore: stateRestoreSchema.nullable(),
  createdAt: isoDateSchema,
  startedAt: isoDateSchema.nullable(),
  finishedAt: isoDateSchema.nullable(),
});
export type ExecutionDto = z.infer<typeof executionSchema>;

/**
 * POST /api/executions → 201: the execution, and when its cwd was a git
 * repository no project had, the project registered for it on first use
 * (its lines of work then get worktrees of their own).
 */
export const createExecutionResponseSchema = executionSchema.extend({
  registeredProject: z.object({ id: z.string(), name: z.string(), path: z.string() }).optional(),
});
export type CreateExecutionResponse = z.infer<typeof createExecutionResponseSchema>;

/**
 * One node of an issue's session tree: an execution, the refs it read through
 * Arbor's MCP server (`consulted`, in the order first read), how it hangs
 * under its parent, and its children.
 */
export type SessionTreeNode = ExecutionDto & { consulted: string[]; edge: SessionTreeEdge; isHead: boolean; children: SessionTreeNode[] };
export const sessionTreeNodeSchema: z.ZodType<SessionTreeNode> = executionSchema.extend({
  consulted: z.array(z.string()),
  edge: z.enum(SESSION_TREE_EDGES),
  isHead: z.boolean(),
  children: z.array(z.lazy(() => sessionTreeNodeSchema)),
});

/** GET /api/issues/:id/session-tree */
export const sessionTreeResponseSchema = z.object({ roots: z.array(sessionTreeNodeSchema) });

/** GET /api/issues/:id/tree-summary: an issue's executions with the refs each consulted, flat, oldest first (the page builds the tree). */
export const issueTreeSummarySchema = z.object({ executions: z.array(executionSchema.extend({ consulted: z.array(z.string()) })) });
export type IssueTreeSummary = z.infer<typeof issueTreeSummarySchema>;

/** An execution in a cross-issue list (GET /api/executions), with its issue's title. */
export const executionListItemSchema = executionSchema.extend({ issueTitle: z.string() });
export type ExecutionListItem = z.infer<typeof executionListItemSchema>;

/** What an execution did, read from its log: the compare page's material (GET /api/executions/:id/summary). */
export const executionSummarySchema = z.object({
  executionId: z.string(),
  /** The last result line's text (the agent's final answer), if any. */
  finalAnswer: z.string().nullable(),
  finalIsError: z.boolean(),
  /** Tool name → number of calls, most used first. */
  tools: z.array(z.object({ tool: z.string(), count: z.number().int() })),
  /** Files the agent read, wrote or edited, in first-touch order. */
  files: z.array(z.object({ path: z.string(), actions: z.array(z.enum(["read", "write", "edit"])) })),
  /** Commands it ran (Bash), first 50. */
  commands: z.array(z.string()),
  errorCount: z.number().int(),
  entryCount: z.number().int(),
});
export type ExecutionSummary = z.infer<typeof executionSummarySchema>;

/** GET /api/executions/:id/events (JSON): a page of stored events with their normalized entries. */
export const executionEventPageSchema = z.object({
  events: z.array(
    z.object({
      seq: z.number().int(),
      stream: z.string(),
      kind: z.string(),
      createdAt: isoDateSchema,
      entries: z.array(z.custom<LogEntry>((v) => typeof v === "object" && v !== null && typeof (v as { type?: unknown }).type === "string")),
    }),
  ),
  nextAfter: z.number().int(),
  /** The seq the page starts after (what `after` was, or where `tail` put it). */
  after: z.number().int(),
});
export type ExecutionEventPage = z.infer<typeof executionEventPageSchema>;
