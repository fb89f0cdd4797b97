import { z } from "zod";
import { waitingForSchema } from "@/lib/approvals/schema";
import { permissionPolicyResponseSchema } from "@/lib/permissions/schema";
import { checkResultSchema } from "@/lib/executions/check-schema";
import { EXECUTION_ERROR_CODES, EXECUTION_STATUSES, LAUNCH_KINDS, RESUME_DECISIONS, RESUME_REASONS } from "@/lib/executions/types";
import { TIMING_STEPS, type TimingStep } from "@/lib/executions/timings";
import { isoDateSchema } from "@/lib/schemas/common";

// ---- Responses ----------------------------------------------------------
// All of this file: what the API returns (request schemas declare text with
// text(), lib/schemas/text.test.ts; these describe answers).

/** Where a turn's time went (lib/executions/timings.ts). */
const timingsSchema = z.object(Object.fromEntries(TIMING_STEPS.map((step) => [step, z.number().optional()])) as Record<TimingStep, z.ZodOptional<z.ZodNumber>>);

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

/** An execution in a cross-issue list (GET /api/executions), with its issue's title. */
export const executionListItemSchema = executionSchema.extend({ issueTitle: z.string() });
export type ExecutionListItem = z.infer<typeof executionListItemSchema>;
