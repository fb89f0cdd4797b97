import { z } from "zod";
import { UUID } from "@/lib/ids";
import { emptyToUndefined, requestObject } from "@/lib/schemas/common";
import { text } from "@/lib/schemas/text";

export const DIFF_MAX_BYTES_LIMIT = 20 * 1024 * 1024;

const maxBytesSchema = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: "maxBytes must be a number" })
    .int("maxBytes must be a whole number")
    .min(1024, "maxBytes must be at least 1024")
    .max(DIFF_MAX_BYTES_LIMIT, `maxBytes must be at most ${DIFF_MAX_BYTES_LIMIT}`)
    .optional(),
);

const executionIdSchema = (name: string) =>
  text({ error: `${name} is required: an execution id` })
    .trim()
    .regex(UUID, `${name} must be an execution id (a UUID)`)
    .transform((v) => v.toLowerCase());

/** GET /api/executions/:id/diff?maxBytes= */
export const diffQuerySchema = requestObject({ maxBytes: maxBytesSchema });

/** GET /api/compare/diff?a=&b=&maxBytes= */
export const compareDiffQuerySchema = requestObject({ a: executionIdSchema("a"), b: executionIdSchema("b"), maxBytes: maxBytesSchema });

/** GET /api/executions/:id/apply-preview?maxBytes= */
export const applyPreviewQuerySchema = requestObject({ maxBytes: maxBytesSchema });

/** POST /api/executions/:id/apply { strategy (default: squash, one commit), message? } */
export const applyExecutionSchema = requestObject({
  strategy: z.enum(["merge", "squash"], { error: 'strategy must be "merge" or "squash"' }).default("squash"),
  message: text({ error: "message must be text" })
    .trim()
    .min(1, "message must not be empty")
    .max(10_000, "message must be at most 10,000 characters")
    .optional(),
});
export type ApplyExecutionInput = z.input<typeof applyExecutionSchema>;
