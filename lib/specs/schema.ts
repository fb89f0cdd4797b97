import { z } from "zod";
import { projectFilterSchema, projectRefSchema } from "@/lib/projects/schema";
import { bodySchema, isoDateSchema, limitSchema, requestObject, searchQuerySchema, titleSchema } from "@/lib/schemas/common";

/** POST /api/specs */
export const createSpecSchema = requestObject({
  title: titleSchema,
  body: bodySchema.default(""),
  /** Absent or null: the default workspace. Left out when absent, so forms that also edit never send it by accident. */
  projectId: projectRefSchema.optional(),
});
export type CreateSpecInput = z.input<typeof createSpecSchema>;
export type CreateSpecData = z.output<typeof createSpecSchema>;

/** PATCH /api/specs/:id — every field optional, at least one required. */
export const updateSpecSchema = requestObject({
  title: titleSchema.optional(),
  body: bodySchema.optional(),
  /** null: back to the default workspace. */
  projectId: projectRefSchema.optional(),
}).refine((v) => Object.values(v).some((x) => x !== undefined), {
  message: "Nothing to update: send title and/or body (or projectId)",
  // Only when the fields themselves are fine (e.g. not for a lone unknown field).
  when: (payload) => payload.issues.length === 0,
});
export type UpdateSpecInput = z.input<typeof updateSpecSchema>;
export type UpdateSpecData = z.output<typeof updateSpecSchema>;

/** GET /api/specs?q=&projectId=&limit= — projectId=none lists the default workspace's specs. */
export const specListQuerySchema = requestObject({
  q: searchQuerySchema,
  projectId: projectFilterSchema,
  limit: limitSchema,
});
export type SpecListQuery = z.output<typeof specListQuerySchema>;

/** DELETE /api/specs/:id?detachIssues=true */
export const deleteSpecQuerySchema = requestObject({
  detachIssues: z
    .enum(["true", "false", "1", "0", ""], { error: "detachIssues must be true or false" })
    .optional()
    .transform((v) => v === "true" || v === "1"),
});

// ---- Responses ----------------------------------------------------------

export const specSchema = z.object({
  id: z.string(), // "SPEC-3"
  number: z.number().int(),
  title: z.string(),
  body: z.string(),
  issueCount: z.number().int(),
  /** The project it belongs to ("PROJ-2"), or null: the default workspace. */
  projectId: z.string().nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Spec = z.infer<typeof specSchema>;

/** A spec as an issue names it. */
export const specRefSchema = z.object({ id: z.string(), title: z.string() });
export type SpecRef = z.infer<typeof specRefSchema>;

/** DELETE /api/specs/:id */
export const deleteSpecResponseSchema = z.object({ id: z.string(), deleted: z.literal(true), detachedIssueCount: z.number().int() });
export type DeleteSpecResponse = z.infer<typeof deleteSpecResponseSchema>;
