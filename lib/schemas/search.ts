import { z } from "zod";
import { emptyToUndefined, requestObject, SEARCH_MAX } from "./common";
import { text } from "./text";

export const SEARCH_RESULTS_DEFAULT = 20;
export const SEARCH_RESULTS_MAX = 100;

/** GET /api/search?q=&limit= */
export const searchRequestSchema = requestObject({
  q: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    text()
      .trim()
      .min(1, "Search text is required (q)")
      .max(SEARCH_MAX, `Search text must be at most ${SEARCH_MAX} characters`),
  ),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "Limit must be a number" })
      .int("Limit must be a whole number")
      .min(1, "Limit must be at least 1")
      .max(SEARCH_RESULTS_MAX, `Limit must be at most ${SEARCH_RESULTS_MAX}`)
      .default(SEARCH_RESULTS_DEFAULT),
  ),
});
export type SearchRequest = z.output<typeof searchRequestSchema>;
