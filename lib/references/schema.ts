import { z } from "zod";
import { isoDateSchema } from "@/lib/schemas/common";
import type { ReferenceType } from "@/lib/references/parse";

// ---- Responses ----------------------------------------------------------
// The references API (GET /api/references, /api/references/resolve).

const referenceTypeSchema = z.enum(["spec", "issue", "session"] as const satisfies readonly ReferenceType[]);

/** What a hover card shows about a referenced entity. */
export const referenceSummarySchema = z.object({
  type: referenceTypeSchema,
  id: z.string(),
  title: z.string(),
  /** Issue status, a session's latest execution status ("archived" when archived), or null for specs. */
  status: z.string().nullable(),
  /** Last change (specs, issues) or last activity (sessions). */
  lastActivityAt: isoDateSchema,
  href: z.string(),
  /** Sessions only: older than the agent's transcript retention. */
  mayHaveExpired: z.boolean().optional(),
});
export type ReferenceSummary = z.infer<typeof referenceSummarySchema>;

/** GET /api/references/resolve?ids=… → every requested id, null when no such entity exists. */
export const resolveReferencesResponseSchema = z.object({ items: z.record(z.string(), referenceSummarySchema.nullable()) });
export type ResolveReferencesResponse = z.infer<typeof resolveReferencesResponseSchema>;

/** An entity whose text cites the target. */
export const backlinkSchema = z.object({ type: referenceTypeSchema, id: z.string(), title: z.string(), href: z.string(), updatedAt: isoDateSchema });
export type Backlink = z.infer<typeof backlinkSchema>;

/** GET /api/references?target=SESS-1 */
export const backlinksResponseSchema = z.object({ target: z.string(), items: z.array(backlinkSchema) });
export type BacklinksResponse = z.infer<typeof backlinksResponseSchema>;
