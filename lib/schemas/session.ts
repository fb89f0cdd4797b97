import { z } from "zod";
import { SESSION_ARCHIVED_FILTERS } from "@/lib/session-types";
import { bodySchema, emptyToUndefined, limitSchema, requestObject, searchQuerySchema, titleSchema } from "./common";
import { text } from "./text";

export const POISON_NOTE_MAX = 500;

/**
 * PATCH /api/sessions/:ref — title, description, archived, poisoned (with an
 * optional note saying why); at least one.
 */
export const updateSessionSchema = requestObject({
  title: titleSchema.optional(),
  description: bodySchema.optional(),
  archived: z.boolean({ error: "archived must be true or false" }).optional(),
  poisoned: z.boolean({ error: "poisoned must be true or false" }).optional(),
  poisonNote: text({ error: "poisonNote must be text" }).trim().max(POISON_NOTE_MAX, `poisonNote must be at most ${POISON_NOTE_MAX} characters`).optional(),
})
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: "Nothing to update: send at least one of title, description, archived, poisoned",
    when: (payload) => payload.issues.length === 0,
  })
  .refine((v) => v.poisonNote === undefined || v.poisoned === true, {
    message: "poisonNote only goes with poisoned: true",
    path: ["poisonNote"],
    when: (payload) => payload.issues.length === 0,
  });
export type UpdateSessionInput = z.input<typeof updateSessionSchema>;
export type UpdateSessionData = z.output<typeof updateSessionSchema>;

/** GET /api/sessions?q=&agent=&archived=false|true|all&limit= (archived defaults to false: active sessions only). */
export const sessionListQuerySchema = requestObject({
  q: searchQuerySchema,
  agent: z.preprocess(emptyToUndefined, text().trim().max(64, "agent must be at most 64 characters").optional()),
  archived: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim().toLowerCase()) : v),
    z.enum(SESSION_ARCHIVED_FILTERS, { error: "archived must be true, false or all" }).default("false"),
  ),
  limit: limitSchema,
});
export type SessionListQuery = z.output<typeof sessionListQuerySchema>;
