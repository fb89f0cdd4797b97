import { z } from "zod";
import { ISSUE_STATUSES, ISSUE_PRIORITIES } from "@/lib/issues/constants";
import { parseId } from "@/lib/ids";
import { projectFilterSchema, projectRefSchema } from "@/lib/projects/schema";
import { bodySchema, emptyToUndefined, isoDateSchema, limitSchema, requestObject, searchQuerySchema, titleSchema } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";
import { specRefSchema } from "@/lib/specs/schema";

export const issueStatusSchema = z.enum(ISSUE_STATUSES, {
  error: `Status must be one of ${ISSUE_STATUSES.join(", ")}`,
});
export const issuePrioritySchema = z.enum(ISSUE_PRIORITIES, {
  error: `Priority must be one of ${ISSUE_PRIORITIES.join(", ")}`,
});

/**
 * The spec an issue belongs to: an id like "SPEC-3" (any case), or null / "" for none.
 * Normalized to the canonical "SPEC-3". Whether it exists is checked by the server.
 */
export const issueSpecIdSchema = text({ error: "Spec must be a spec id like SPEC-1, or null for none" })
  .trim()
  .nullable()
  .transform((v, ctx) => {
    if (v === null || v === "") return null;
    const id = parseId("spec", v);
    if (!id) {
      const shown = v.length > 40 ? `${v.slice(0, 40)}…` : v;
      ctx.addIssue({ code: "custom", message: `"${shown}" is not a spec id (spec ids look like SPEC-1)` });
      return z.NEVER;
    }
    return id;
  });

/** POST /api/issues */
export const createIssueSchema = requestObject({
  title: titleSchema,
  body: bodySchema.default(""),
  status: issueStatusSchema.default("open"),
  priority: issuePrioritySchema.default("medium"),
  specId: issueSpecIdSchema.default(null),
  /** Absent or null: the default workspace. Left out when absent, so forms that also edit never send it by accident. */
  projectId: projectRefSchema.optional(),
});
export type CreateIssueInput = z.input<typeof createIssueSchema>;
export type CreateIssueData = z.output<typeof createIssueSchema>;

/** PATCH /api/issues/:id — every field optional (specId: null unlinks), at least one required. */
export const updateIssueSchema = requestObject({
  title: titleSchema.optional(),
  body: bodySchema.optional(),
  status: issueStatusSchema.optional(),
  priority: issuePrioritySchema.optional(),
  specId: issueSpecIdSchema.optional(),
  /** null: back to the default workspace. */
  projectId: projectRefSchema.optional(),
}).refine((v) => Object.values(v).some((x) => x !== undefined), {
  message: "Nothing to update: send at least one of title, body, status, priority, specId, projectId",
  // Only when the fields themselves are fine (e.g. not for a lone unknown field).
  when: (payload) => payload.issues.length === 0,
});
export type UpdateIssueInput = z.input<typeof updateIssueSchema>;
export type UpdateIssueData = z.output<typeof updateIssueSchema>;

/** GET /api/issues?q=&status=&specId=&projectId=&limit= — specId=none: issues without a spec; projectId=none: the default workspace's. */
export const issueListQuerySchema = requestObject({
  q: searchQuerySchema,
  status: z.preprocess(emptyToUndefined, issueStatusSchema.optional()),
  specId: z.preprocess(
    emptyToUndefined,
    text()
      .trim()
      .transform((v, ctx) => {
        if (v.toLowerCase() === "none") return "none" as const;
        const id = parseId("spec", v);
        if (!id) {
          ctx.addIssue({ code: "custom", message: `"${v.slice(0, 40)}" is not a spec id (use SPEC-1, or none)` });
          return z.NEVER;
        }
        return id;
      })
      .optional(),
  ),
  projectId: projectFilterSchema,
  limit: limitSchema,
});
export type IssueListQuery = z.output<typeof issueListQuerySchema>;

// ---- Responses ----------------------------------------------------------

export const issueSchema = z.object({
  id: z.string(), // "ISSUE-7"
  number: z.number().int(),
  title: z.string(),
  body: z.string(),
  status: z.enum(ISSUE_STATUSES),
  priority: z.enum(ISSUE_PRIORITIES),
  specId: z.string().nullable(),
  spec: specRefSchema.nullable(),
  /** The project it belongs to ("PROJ-2"), or null: the default workspace. */
  projectId: z.string().nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Issue = z.infer<typeof issueSchema>;

/** DELETE /api/issues/:id */
export const deleteIssueResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type DeleteIssueResponse = z.infer<typeof deleteIssueResponseSchema>;
