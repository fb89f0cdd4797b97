import { z } from "zod";
import { TITLE_MAX, BODY_MAX, SEARCH_MAX, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from "@/lib/schemas/limits";
import { text } from "./text";
import { formatCount } from "@/lib/format";

/** Error map for request objects: friendly messages for unknown keys and non-objects. */
const objectError = (notAnObject: string) => (iss: { code?: string; keys?: string[]; expected?: string }) => {
  if (iss.code === "unrecognized_keys" && iss.keys) {
    return `Unknown field${iss.keys.length > 1 ? "s" : ""}: ${iss.keys.join(", ")}`;
  }
  if (iss.code === "invalid_type" && iss.expected === "object") return notAnObject;
  return undefined;
};

/**
 * The one way to declare a request object (a body, a query string, a
 * document to import): strict, so an unknown key (a typo like "cwdd") is a
 * 422 naming it, never ignored.
 */
export function requestObject<T extends z.core.$ZodLooseShape>(shape: T, options: { notAnObject?: string } = {}) {
  return z.strictObject(shape, { error: objectError(options.notAnObject ?? "Expected a JSON object") });
}

export const titleSchema = text({ error: (iss) => (iss.input === undefined || iss.input === null ? "Title is required" : "Title must be text") })
  .trim()
  .min(1, "Title is required")
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`);

export const bodySchema = text({ error: "Body must be text" }).max(BODY_MAX, `Body must be at most ${formatCount(BODY_MAX)} characters`);

/** Query-string values: empty strings mean "not given". */
export const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const searchQuerySchema = z.preprocess(
  emptyToUndefined,
  text().trim().max(SEARCH_MAX, `Search text must be at most ${SEARCH_MAX} characters`).optional(),
);

export const limitSchema = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: "Limit must be a number" })
    .int("Limit must be a whole number")
    .min(1, "Limit must be at least 1")
    .max(LIST_LIMIT_MAX, `Limit must be at most ${LIST_LIMIT_MAX}`)
    .default(LIST_LIMIT_DEFAULT),
);

/** Turns a ZodError into per-field messages and one readable sentence. */
export function summarizeZodError(error: z.ZodError): {
  message: string;
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
} {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  const parts: string[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".");
    if (field) {
      fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
      parts.push(`${field}: ${issue.message}`);
    } else {
      formErrors.push(issue.message);
      parts.push(issue.message);
    }
  }
  return { message: parts.join("; ") || "Invalid input", fieldErrors, formErrors };
}

// ---- Responses ----------------------------------------------------------
// What the API answers, as zod schemas the response types are inferred from.
// Nothing parses answers at run time (a 5,000-event page would cost too
// much); test/integration/api-responses.test.ts holds the API to them.

/** An ISO 8601 timestamp as the API writes it. */
export const isoDateSchema = z.string();

/** Every list endpoint answers { items: [...] }. */
export const listResponseSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
export type ListResponse<T> = { items: T[] };

/** Every error response: { error: { code, message, details? } }. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    /** One of ErrorCode from route handlers; the request guard may add others (e.g. "cross_site_request"). */
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
