import { z } from "zod";
import { emptyToUndefined, isoDateSchema, requestObject } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";

// Approvals (issue 21): an agent asks before a tool call its policy does not
// allow alone, asks the person a question, or proposes a plan; a person
// decides from the execution page, the Inbox, a notification or the CLI.

export const APPROVAL_STATUSES = ["pending", "allowed", "denied", "cancelled", "expired"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_KINDS = ["tool", "question", "plan"] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/**
 * How long an allow holds: this call only; the rest of this agent session
 * (its Continues and warm turns too); or always in this project (added to
 * its policy's allow rules).
 */
export const APPROVAL_SCOPES = ["once", "session", "project"] as const;
export type ApprovalScope = (typeof APPROVAL_SCOPES)[number];

export const APPROVAL_MESSAGE_MAX = 4_000;

/** A question's answers: the question's text → the chosen option's label (or the person's own words). */
const answersSchema = z.record(
  text({ error: "answers must map each question to an answer" }).max(1_000, "a question is at most 1000 characters"),
  text({ error: "each answer must be text" }).max(APPROVAL_MESSAGE_MAX, `an answer is at most ${APPROVAL_MESSAGE_MAX} characters`),
  { error: "answers must be an object of question → answer" },
);

/** POST /api/approvals/:id */
export const decideApprovalSchema = requestObject({
  decision: z.enum(["allow", "deny"], { error: 'decision must be "allow" or "deny"' }),
  scope: z.enum(APPROVAL_SCOPES, { error: "scope must be once, session or project" }).optional(),
  /** With deny: what the agent is told (it reads it as the tool's result). With a plan sent back: what to change. */
  message: text({ error: "message must be text" }).trim().max(APPROVAL_MESSAGE_MAX, `message must be at most ${APPROVAL_MESSAGE_MAX} characters`).optional(),
  answers: answersSchema.optional(),
  /** Who decided (the browser's name for the person, or the CLI's ARBOR_USER); shown in the audit trail. */
  decidedBy: text({ error: "decidedBy must be text" }).trim().max(200, "decidedBy must be at most 200 characters").optional(),
})
  .refine((v) => v.decision === "allow" || v.scope === undefined || v.scope === "once", {
    message: "scope only goes with decision allow",
    path: ["scope"],
    when: (payload) => payload.issues.length === 0,
  })
  .refine((v) => v.decision === "allow" || v.answers === undefined, {
    message: "answers only go with decision allow",
    path: ["answers"],
    when: (payload) => payload.issues.length === 0,
  });
export type DecideApprovalInput = z.input<typeof decideApprovalSchema>;
export type DecideApprovalData = z.output<typeof decideApprovalSchema>;

/** GET /api/approvals?status=pending|decided|all&executionId=&issueId= */
export const approvalListQuerySchema = requestObject({
  status: z.preprocess(emptyToUndefined, z.enum(["pending", "decided", "all"], { error: "status must be pending, decided or all" }).default("pending")),
  executionId: z.preprocess(emptyToUndefined, text().trim().max(100).optional()),
  issueId: z.preprocess(emptyToUndefined, text().trim().max(100).optional()),
  limit: z.preprocess(emptyToUndefined, z.coerce.number({ error: "limit must be a number" }).int().min(1).max(500).default(200)),
});
export type ApprovalListQuery = z.output<typeof approvalListQuerySchema>;

// ---- Responses ----------------------------------------------------------

export const approvalSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  executionId: z.string(),
  issueId: z.string(),
  issueTitle: z.string(),
  projectId: z.string().nullable(),
  agent: z.string(),
  /** The agent's session (its own id), and the Arbor session (SESS-n) once known. */
  agentSessionId: z.string().nullable(),
  managedSessionId: z.string().nullable(),
  kind: z.enum(APPROVAL_KINDS),
  toolName: z.string(),
  /** The tool's input as the agent sent it: inert data, shown as text. */
  input: z.unknown(),
  /** One line a person reads: "$ npm test", "edit src/a.ts", the question, the plan's first line. */
  summary: z.string(),
  /** For a plan: the plan itself (markdown). For a question: its questions and options. */
  detail: z
    .object({
      plan: z.string().nullable(),
      questions: z.array(
        z.object({
          question: z.string(),
          header: z.string().nullable(),
          multiSelect: z.boolean(),
          options: z.array(z.object({ label: z.string(), description: z.string().nullable() })),
        }),
      ),
    })
    .nullable(),
  /** Why the agent asks, when it says ("This command requires approval"). */
  reason: z.string().nullable(),
  /** Rules "Allow for this session / in this project" would remember (the agent's suggestion, or the tool). */
  suggestedRules: z.array(z.string()),
  status: z.enum(APPROVAL_STATUSES),
  scope: z.enum(APPROVAL_SCOPES).nullable(),
  rememberedRules: z.array(z.string()),
  message: z.string().nullable(),
  answers: z.record(z.string(), z.string()).nullable(),
  decidedBy: z.string().nullable(),
  requestedAt: isoDateSchema,
  decidedAt: isoDateSchema.nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalListSchema = z.object({ approvals: z.array(approvalSchema), pendingCount: z.number().int() });
export type ApprovalList = z.infer<typeof approvalListSchema>;

/** What an execution waits for while an approval is pending (the execution DTO's waitingFor). */
export const waitingForSchema = z.object({ approvalId: z.string(), kind: z.enum(APPROVAL_KINDS), summary: z.string() });
export type WaitingFor = z.infer<typeof waitingForSchema>;
