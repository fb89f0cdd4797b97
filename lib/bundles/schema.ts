import { z } from "zod";
import { BUNDLE_ENTITY_TYPES, BUNDLE_ITEM_HINT, canonicalItemId, itemKey, parseItemRef, type BundleItemRef } from "@/lib/bundles/items";
import { isoDateSchema, limitSchema, requestObject, searchQuerySchema } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";
import { executionSchema } from "@/lib/executions/schema";
import { formatCount } from "@/lib/format";

// Request bodies of the bundles API, shared by the UI, the CLI and the server.

export const BUNDLE_NAME_MAX = 200;
export const BUNDLE_DESCRIPTION_MAX = 20_000;
export const BUNDLE_ITEMS_MAX = 500;
export const BUNDLE_FORMAT = "arbor.bundle";
export const BUNDLE_FORMAT_VERSION = 1;

const nameSchema = text({ error: (iss) => (iss.input === undefined || iss.input === null ? "Name is required" : "Name must be text") })
  .trim()
  .min(1, "Name is required")
  .max(BUNDLE_NAME_MAX, `Name must be at most ${BUNDLE_NAME_MAX} characters`);

const descriptionSchema = text({ error: "Description must be text" }).max(
  BUNDLE_DESCRIPTION_MAX,
  `Description must be at most ${formatCount(BUNDLE_DESCRIPTION_MAX)} characters`,
);

/** `{ type, id }`, or a bare "SPEC-2" / "SESS-1" / SHA whose type is read from its shape. */
export const bundleItemRefSchema = z
  .union(
    [
      text(),
      requestObject({
        type: z.enum(BUNDLE_ENTITY_TYPES, { error: `type must be one of ${BUNDLE_ENTITY_TYPES.join(", ")}` }),
        id: text({ error: "id must be text" }),
      }),
    ],
    { error: `Each item is { type, id } or an id like ${BUNDLE_ITEM_HINT}` },
  )
  .transform((value, ctx): BundleItemRef => {
    if (typeof value === "string") {
      const ref = parseItemRef(value);
      if (!ref) ctx.addIssue({ code: "custom", message: `"${value.slice(0, 60)}" is not an item id: use ${BUNDLE_ITEM_HINT}` });
      return ref ?? { type: "commit", id: value };
    }
    const id = canonicalItemId(value.type, value.id);
    if (!id) {
      ctx.addIssue({
        code: "custom",
        path: ["id"],
        message:
          value.type === "commit"
            ? `"${value.id.slice(0, 60)}" is not a commit SHA (7 to 40 hex characters)`
            : `"${value.id.slice(0, 60)}" is not a ${value.type} id (like ${value.type === "session" ? "SESS-1" : value.type === "spec" ? "SPEC-1" : "ISSUE-1"})`,
      });
    }
    return { type: value.type, id: id ?? value.id };
  });

export const bundleItemListSchema = z
  .array(bundleItemRefSchema, { error: "items must be a list" })
  .max(BUNDLE_ITEMS_MAX, `A bundle holds at most ${BUNDLE_ITEMS_MAX} items`)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const key = itemKey(item);
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: [index], message: `${item.id} is listed twice` });
      seen.add(key);
    });
  });

/** POST /api/bundles */
export const createBundleSchema = requestObject({
  name: nameSchema,
  description: descriptionSchema.default(""),
  items: bundleItemListSchema.default([]),
});
export type CreateBundleInput = z.input<typeof createBundleSchema>;
export type CreateBundleData = z.output<typeof createBundleSchema>;

/** PATCH /api/bundles/:id */
export const updateBundleSchema = requestObject({
  name: nameSchema.optional(),
  description: descriptionSchema.optional(),
}).refine((v) => v.name !== undefined || v.description !== undefined, {
  message: "Nothing to update: send name and/or description",
  when: (payload) => payload.issues.length === 0,
});
export type UpdateBundleInput = z.input<typeof updateBundleSchema>;

/** PUT /api/bundles/:id/items (the whole ordered list) and POST (items to append). */
export const bundleItemsSchema = requestObject({ items: bundleItemListSchema });
export type BundleItemsInput = z.input<typeof bundleItemsSchema>;

/** POST /api/bundles/:id/load */
export const loadBundleSchema = requestObject({
  prompt: text({ error: "Prompt is required" }).trim().min(1, "Prompt is required").max(20_000, "Prompt is too long (20,000 characters at most)"),
  /** For a new execution (no session in the bundle): the agent to run. */
  agent: text().trim().min(1).max(64).optional(),
});
export type LoadBundleInput = z.input<typeof loadBundleSchema>;

/** POST /api/bundles/import: what GET /api/bundles/:id/export produced. */
export const bundleExportSchema = requestObject(
  {
    format: z.literal(BUNDLE_FORMAT, { error: `format must be "${BUNDLE_FORMAT}"` }),
    version: z.literal(BUNDLE_FORMAT_VERSION, { error: `version must be ${BUNDLE_FORMAT_VERSION} (this Arbor reads version ${BUNDLE_FORMAT_VERSION} only)` }),
    name: nameSchema,
    description: descriptionSchema.default(""),
    items: bundleItemListSchema,
  },
  { notAnObject: "Expected a JSON object exported from Arbor (format arbor.bundle)" },
);
export type BundleExport = { format: typeof BUNDLE_FORMAT; version: typeof BUNDLE_FORMAT_VERSION; name: string; description: string; items: BundleItemRef[] };

/** GET /api/bundles?q=&limit= */
export const bundleListQuerySchema = requestObject({ q: searchQuerySchema, limit: limitSchema });

// ---- Responses ----------------------------------------------------------

export const bundleItemSchema = z.object({
  type: z.enum(BUNDLE_ENTITY_TYPES),
  /** "SESS-1", "SPEC-2", "ISSUE-3", or a commit SHA. */
  id: z.string(),
  position: z.number().int(),
  /** The entity's current title (null for commits, and for items that no longer exist). */
  title: z.string().nullable(),
  /** The id no longer names anything in Arbor (deleted since it was added). Commits are never checked. */
  missing: z.boolean(),
  /** Issue status, or a session's latest execution status; null otherwise. */
  status: z.string().nullable(),
  /** The entity's page in the UI, or null. */
  href: z.string().nullable(),
});
export type BundleItem = z.infer<typeof bundleItemSchema>;

export const bundleSummarySchema = z.object({
  id: z.string(), // "BUNDLE-3"
  number: z.number().int(),
  name: z.string(),
  description: z.string(),
  itemCount: z.number().int(),
  /** Items per type. */
  counts: z.record(z.enum(BUNDLE_ENTITY_TYPES), z.number().int()),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type BundleSummary = z.infer<typeof bundleSummarySchema>;

export const bundleSchema = bundleSummarySchema.extend({ items: z.array(bundleItemSchema) });
export type Bundle = z.infer<typeof bundleSchema>;

/** DELETE /api/bundles/:id */
export const deleteBundleResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type DeleteBundleResponse = z.infer<typeof deleteBundleResponseSchema>;

/** POST /api/bundles/:id/load → 201 */
export const loadBundleResponseSchema = z.object({
  /** "continue": the bundle's most recently active session got the next turn; "start": a new execution on its first issue. */
  mode: z.enum(["continue", "start"]),
  /** The session continued (mode "continue"). */
  sessionId: z.string().nullable(),
  /** The issue the execution belongs to. */
  issueId: z.string(),
  execution: executionSchema,
});
export type LoadBundleResponse = z.infer<typeof loadBundleResponseSchema>;
