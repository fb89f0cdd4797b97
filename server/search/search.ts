import "server-only";
import { ok, type Result } from "@/lib/result";
import { parseSearchQuery } from "@/lib/search/query";
import type { SearchResponse } from "@/lib/search/schema";
import { describeHits } from "@/server/search/describe-hits";
import { groupHits } from "@/server/search/group-hits";
import { rankedHits, type QueryTerms } from "@/server/search/ranked-hits";

// Full-text search over what people wrote and what agents did: specs and
// issues (titles and text), execution prompts, the searchable text of every
// stored event (assistant text, tool calls, commands, file paths; see
// search-text.ts) and session titles and descriptions.
//
// Two tiers, so that a result matching every term always ranks above one
// matching only some: first the rows matching websearch_to_tsquery(q) (all
// terms, phrases, exclusions), ranked by ts_rank; only if those do not fill
// the page, rows matching any of the terms (exclusions still apply)
// (ranked-hits.ts). Then, for the page's hits only, what matched and its
// snippet (describe-hits.ts), and grouping by session, execution, spec or
// issue (group-hits.ts).

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 100;

export type SearchQuery = { q: string; limit?: number };

export async function search(query: SearchQuery): Promise<Result<SearchResponse>> {
  const started = performance.now();
  const q = query.q.trim();
  const limit = Math.min(Math.max(1, query.limit ?? SEARCH_LIMIT_DEFAULT), SEARCH_LIMIT_MAX);
  const parsed = parseSearchQuery(q);
  const empty = (): SearchResponse => ({ query: q, hitCount: 0, groups: [], tookMs: Math.round(performance.now() - started) });
  if (parsed.positives.length === 0) return ok(empty());

  const terms: QueryTerms = { full: parsed.fullText, any: parsed.anyText, negative: parsed.negativeText };
  const first = await rankedHits(terms, 1, limit);
  const second = first.length < limit ? await rankedHits(terms, 2, limit - first.length) : [];
  const hits = [...first, ...second];
  if (hits.length === 0) return ok(empty());

  const described = await describeHits(hits, terms);
  const groups = groupHits(described.hits, described.context);
  return ok({ query: q, hitCount: described.hits.length, groups, tookMs: Math.round(performance.now() - started) });
}
