import { z } from "zod";
import { FAN_OUT_MIN, FAN_OUT_MAX } from "@/lib/groups/constants";
import { UUID } from "@/lib/ids";
import { agentNameSchema, executionSchema, modelSchema, prompt } from "@/lib/executions/schema";
import { MARK_SOURCES } from "@/lib/outcomes/constants";
import { permissionPolicySchema } from "@/lib/permissions/schema";
import { isoDateSchema, requestObject } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";

// Fan-out (issue 26): one prompt to several agents or models at once, recorded
// as a group whose members are compared side by side and one picked. Request
// and response schemas shared by the UI, the CLI and the server.

const executionId = (name: string) =>
  text({ error: `${name} must be an execution id (a UUID)` })
    .trim()
    .regex(UUID, `${name} must be an execution id (a UUID)`);

/** One member of a fan-out: an agent, and optionally the model it runs with. */
export const fanOutRunSchema = requestObject(
  { agent: agentNameSchema, model: modelSchema.optional() },
  { notAnObject: 'each run must be an object like {"agent": "claude"}' },
);
export type FanOutRun = z.output<typeof fanOutRunSchema>;

/**
 * POST /api/executions/fan-out: from an issue (a new run each, all from the
 * same base commit) or from an execution (a fork each, from its snapshot and
 * its conversation). Exactly one of issueId and fromExecutionId.
 */
export const fanOutSchema = requestObject({
  issueId: text({ error: "issueId must be an issue id like ISSUE-1" }).trim().min(1, "issueId must not be empty").optional(),
  fromExecutionId: executionId("fromExecutionId").optional(),
  prompt,
  runs: z
    .array(fanOutRunSchema, { error: 'runs must be a list like [{"agent": "claude"}, {"agent": "codex"}]' })
    .min(FAN_OUT_MIN, `a fan-out needs at least ${FAN_OUT_MIN} runs (for one, run or fork as usual)`)
    .max(FAN_OUT_MAX, `at most ${FAN_OUT_MAX} runs at once`),
  /** A new run's project ("PROJ-2"; default: the issue's) and start ref, as for POST /api/executions. */
  projectId: text().trim().min(1).max(64).optional(),
  startRef: text().trim().min(1, "startRef must not be empty").max(250, "startRef must be at most 250 characters").optional(),
  /** What the agents may do alone, over the project's policy (every member alike). */
  permissions: permissionPolicySchema.optional(),
}).superRefine((value, ctx) => {
  if ((value.issueId === undefined) === (value.fromExecutionId === undefined)) {
    ctx.addIssue({
      code: "custom",
      path: ["issueId"],
      message: "name either issueId (new runs) or fromExecutionId (forks of an execution), not both or neither",
    });
  }
  if (value.fromExecutionId !== undefined && (value.projectId !== undefined || value.startRef !== undefined)) {
    ctx.addIssue({ code: "custom", path: ["projectId"], message: "forks run where their source ran: projectId and startRef are for new runs only" });
  }
});
export type FanOutInput = z.input<typeof fanOutSchema>;
export type FanOutData = z.output<typeof fanOutSchema>;

/** POST /api/groups/:id/pick: the member to keep; optionally apply it to the base branch and archive the others. */
export const pickSchema = requestObject({
  executionId: executionId("executionId"),
  apply: z.boolean({ error: "apply must be true or false" }).optional(),
  archiveOthers: z.boolean({ error: "archiveOthers must be true or false" }).optional(),
  note: text({ error: "note must be text" }).trim().max(2000, "note must be at most 2,000 characters").optional(),
  /** Where the pick was made (the preferred mark records it); default "api". */
  via: z.enum(MARK_SOURCES, { error: `via must be one of ${MARK_SOURCES.join(", ")}` }).optional(),
});
export type PickInput = z.input<typeof pickSchema>;

// ---- Responses ----------------------------------------------------------

/** A member as the group page compares it: its execution and what the comparison needs. */
export const groupMemberSchema = z.object({
  execution: executionSchema,
  /** The agent's final answer (its last result text), null until it has one. */
  finalAnswer: z.string().nullable(),
  /** From the request to its first output (ms), null until then. */
  timeToFirstOutputMs: z.number().nullable(),
  /** From the request to its end (ms), null until it ended. */
  totalMs: z.number().nullable(),
  /** Its worktree was removed when another member was picked (its branch and snapshot are kept). */
  archived: z.boolean(),
  /** Waiting for a runner slot: how many members of all queued work run before it can (null: not queued). */
  queuedBehind: z.number().int().nullable(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupSchema = z.object({
  id: z.string(),
  issueId: z.string(),
  prompt: z.string(),
  /** Forks of this execution; null: new runs. */
  sourceExecutionId: z.string().nullable(),
  /** The commit every member's worktree started from (new runs in a git project; forks: the source's snapshot). */
  startSha: z.string().nullable(),
  projectId: z.string().nullable(),
  pickedExecutionId: z.string().nullable(),
  pickedAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
  members: z.array(groupMemberSchema),
  /** Why members wait, when they do ("2 of 4 members wait for a free runner slot (capacity 2)"); null: none waits. */
  queueNote: z.string().nullable(),
});
export type GroupDto = z.infer<typeof groupSchema>;

/** POST /api/executions/fan-out → 201 */
export const fanOutResponseSchema = z.object({ group: groupSchema, executions: z.array(executionSchema) });
export type FanOutResponse = z.infer<typeof fanOutResponseSchema>;

/** POST /api/groups/:id/pick → 200 */
export const pickResponseSchema = z.object({
  group: groupSchema,
  /** The commit made on the base branch, when apply was asked. */
  applied: z.object({ branch: z.string(), commit: z.string() }).nullable(),
  /** Members whose worktrees were removed (branches kept). */
  archived: z.array(z.string()),
});
export type PickResponse = z.infer<typeof pickResponseSchema>;

/** GET /api/issues/:id/groups and the insights' group list: a group in short. */
export const groupListItemSchema = groupSchema.omit({ members: true }).extend({
  members: z.array(z.object({ executionId: z.string(), agent: z.string(), model: z.string().nullable(), status: executionSchema.shape.status })),
});
export type GroupListItem = z.infer<typeof groupListItemSchema>;
