import "server-only";
import { executionHref } from "@/lib/hrefs";
import { ok, type Result } from "@/lib/result";
import { parseSearchQuery } from "@/lib/search/query";
import type { SearchGroup, SearchHit, SearchResponse } from "@/lib/search/schema";
import { prisma } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { normalizeStoredEvent } from "@/server/agents/normalize-stored-event";
import { SEARCH_CONFIG } from "@/server/search/search-config";
import { eventParts, HEADLINE_START as START, HEADLINE_STOP as STOP, readHeadline, type Part } from "@/server/search/hit-parts";

// Full-text search over what agents did: execution prompts, the searchable
// text of every stored event (assistant text, tool calls, commands, file
// paths; see search-text.ts) and session titles and descriptions.
//
// Two tiers, so that a result matching every term always ranks above one
// matching only some: first the rows matching websearch_to_tsquery(q) (all
// terms, phrases, exclusions), ranked by ts_rank; only if those do not fill
// the page, rows matching any of the terms (exclusions still apply). Each
// tier considers at most CANDIDATES events before ranking, which keeps a
// query for a very common word (matching most of a big log) fast; within
// that cap ranking is exact.
//
// Then, for the page's hits only: which part of the event matched (a file
// path, a tool call, the assistant's text, a prompt), a ts_headline snippet
// of that part, and grouping by session (or execution, outside sessions).

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 100;
/** Events ranked per tier at most (see above). */
export const CANDIDATES = 2_000;

/** Short texts are shown whole; longer ones as up to two fragments around the matches. */
const SHORT_TEXT = 240;
const WHOLE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, HighlightAll=true`;
const FRAGMENT_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`;

type Tier = 1 | 2;
type Source = "event" | "prompt" | "session";
type RawHit = { source: Source; execution_id: string | null; seq: number | null; session_id: string | null; rank: number; tier: Tier };

export type SearchQuery = { q: string; limit?: number };

export async function search(query: SearchQuery): Promise<Result<SearchResponse>> {
  const started = performance.now();
  const q = query.q.trim();
  const limit = Math.min(Math.max(1, query.limit ?? SEARCH_LIMIT_DEFAULT), SEARCH_LIMIT_MAX);
  const parsed = parseSearchQuery(q);
  const empty = (): SearchResponse => ({ query: q, hitCount: 0, groups: [], tookMs: Math.round(performance.now() - started) });
  if (parsed.positives.length === 0) return ok(empty());

  const terms: QueryTerms = { full: q, any: parsed.anyText, negative: parsed.negativeText };
  const first = await rankedHits(terms, 1, limit);
  const second = first.length < limit ? await rankedHits(terms, 2, limit - first.length) : [];
  const hits = [...first, ...second];
  if (hits.length === 0) return ok(empty());

  const described = await describeHits(hits, terms);
  const groups = groupHits(described.hits, described.context);
  return ok({ query: q, hitCount: described.hits.length, groups, tookMs: Math.round(performance.now() - started) });
}

type QueryTerms = { full: string; any: string; negative: string };

/** The tsqueries as a CTE: `full` (as typed), `anyq` (any positive term), `neg` (any excluded term, or NULL). */
function queriesCte(terms: QueryTerms): Prisma.Sql {
  return Prisma.sql`q AS (
    SELECT websearch_to_tsquery(${SEARCH_CONFIG}::regconfig, ${terms.full}) AS full,
           websearch_to_tsquery(${SEARCH_CONFIG}::regconfig, ${terms.any}) AS anyq,
           CASE WHEN ${terms.negative} = '' THEN NULL
                ELSE websearch_to_tsquery(${SEARCH_CONFIG}::regconfig, ${terms.negative}) END AS neg
  )`;
}

/** A tier's match condition on a tsvector expression. */
function matches(vector: Prisma.Sql, tier: Tier): Prisma.Sql {
  return tier === 1
    ? Prisma.sql`${vector} @@ q.full`
    : Prisma.sql`${vector} @@ q.anyq AND NOT (${vector} @@ q.full) AND (q.neg IS NULL OR NOT (${vector} @@ q.neg))`;
}

async function rankedHits(terms: QueryTerms, tier: Tier, limit: number): Promise<RawHit[]> {
  const rows = await prisma.$queryRaw<Omit<RawHit, "tier">[]>`
    WITH ${queriesCte(terms)},
    candidates AS (
      SELECT e.execution_id, e.seq, e.search_vector
        FROM execution_events e, q
       WHERE ${matches(Prisma.sql`e.search_vector`, tier)}
       LIMIT ${CANDIDATES}
    ),
    hits AS (
      (SELECT 'event' AS source, c.execution_id::text AS execution_id, c.seq, NULL::text AS session_id,
              ts_rank(c.search_vector, q.anyq, 1) AS rank
         FROM candidates c, q
        ORDER BY rank DESC, c.execution_id, c.seq
        LIMIT ${limit})
      UNION ALL
      (SELECT 'prompt', x.id::text, NULL, NULL, ts_rank(x.search_vector, q.anyq, 1) AS rank
         FROM executions x, q
        WHERE ${matches(Prisma.sql`x.search_vector`, tier)}
        ORDER BY rank DESC, x.created_at DESC
        LIMIT ${limit})
      UNION ALL
      (SELECT 'session', NULL, NULL, s.id, ts_rank(s.search_vector, q.anyq, 1) AS rank
         FROM sessions s, q
        WHERE ${matches(Prisma.sql`s.search_vector`, tier)}
        ORDER BY rank DESC, s.number DESC
        LIMIT ${limit})
    )
    SELECT source, execution_id, seq, session_id, rank::float8 AS rank FROM hits
     ORDER BY rank DESC, source, execution_id, seq
     LIMIT ${limit}`;
  return rows.map((row) => ({ ...row, tier }));
}

type ExecutionInfo = { id: string; issueId: string; managedSessionId: string | null; prompt: string; createdAt: Date };
type HitContext = {
  executions: Map<string, ExecutionInfo>;
  sessions: Map<string, { id: string; title: string; issueId: string; latestExecutionId: string | null; createdAt: Date }>;
  issues: Map<string, string>;
};

/** Loads what the hits point at, picks the part of each that matched and its snippet. */
async function describeHits(hits: RawHit[], terms: QueryTerms): Promise<{ hits: SearchHit[]; context: HitContext }> {
  const eventKeys = hits.filter((h) => h.source === "event");
  const events = eventKeys.length
    ? await prisma.$queryRaw<{ execution_id: string; seq: number; stream: string; kind: string; payload: unknown; agent: string; created_at: Date }[]>`
        SELECT e.execution_id::text AS execution_id, e.seq, e.stream, e.kind, e.payload, x.agent, e.created_at
          FROM execution_events e JOIN executions x ON x.id = e.execution_id
         WHERE (e.execution_id, e.seq) IN (
           SELECT * FROM unnest(${eventKeys.map((h) => h.execution_id)}::uuid[], ${eventKeys.map((h) => h.seq)}::int[]))`
    : [];
  const sessionIds = [...new Set(hits.flatMap((h) => (h.session_id ? [h.session_id] : [])))];
  const sessions = sessionIds.length
    ? await prisma.$queryRaw<{ id: string; title: string; description: string; issue_id: string; created_at: Date; latest: string | null }[]>`
        SELECT s.id, s.title, s.description, s.issue_id, s.created_at,
               (SELECT x.id::text FROM executions x WHERE x.managed_session_id = s.id ORDER BY x.created_at DESC, x.id DESC LIMIT 1) AS latest
          FROM sessions s WHERE s.id = ANY(${sessionIds}::text[])`
    : [];
  const executionIds = [
    ...new Set([...hits.flatMap((h) => (h.execution_id ? [h.execution_id] : [])), ...sessions.flatMap((s) => (s.latest ? [s.latest] : []))]),
  ];
  const executions = executionIds.length
    ? await prisma.execution.findMany({
        where: { id: { in: executionIds } },
        select: { id: true, issueId: true, managedSessionId: true, prompt: true, createdAt: true },
      })
    : [];
  const context: HitContext = {
    executions: new Map(executions.map((x) => [x.id, x])),
    sessions: new Map(sessions.map((s) => [s.id, { id: s.id, title: s.title, issueId: s.issue_id, latestExecutionId: s.latest, createdAt: s.created_at }])),
    issues: new Map(),
  };
  const sessionIdsOfExecutions = [...new Set(executions.flatMap((x) => (x.managedSessionId ? [x.managedSessionId] : [])))].filter(
    (id) => !context.sessions.has(id),
  );
  const [moreSessions, issues] = await Promise.all([
    sessionIdsOfExecutions.length
      ? prisma.session.findMany({ where: { id: { in: sessionIdsOfExecutions } }, select: { id: true, title: true, issueId: true, createdAt: true } })
      : [],
    prisma.issue.findMany({
      where: { id: { in: [...new Set([...executions.map((x) => x.issueId), ...sessions.map((s) => s.issue_id)])] } },
      select: { id: true, title: true },
    }),
  ]);
  for (const s of moreSessions) context.sessions.set(s.id, { ...s, latestExecutionId: null });
  for (const i of issues) context.issues.set(i.id, i.title);

  const eventByKey = new Map(events.map((e) => [`${e.execution_id}:${e.seq}`, e]));
  const sessionById = new Map(sessions.map((s) => [s.id, s]));
  const partsOf = (hit: RawHit): Part[] => {
    if (hit.source === "prompt") {
      const prompt = context.executions.get(hit.execution_id!)?.prompt ?? "";
      return [{ kind: "prompt", match: prompt, display: prompt }];
    }
    if (hit.source === "session") {
      const s = sessionById.get(hit.session_id!);
      const text = s ? [s.title, s.description].filter((t) => t.trim()).join(" — ") : "";
      return [{ kind: "session", match: text, display: text }];
    }
    const event = eventByKey.get(`${hit.execution_id}:${hit.seq}`);
    return event ? eventParts(normalizeStoredEvent(event.agent, event)) : [];
  };

  // One round trip: does each candidate part match its hit's tier query, and its snippet.
  const candidates = hits.flatMap((hit, index) => partsOf(hit).map((part) => ({ index, part })));
  const judged = candidates.length
    ? await prisma.$queryRaw<{ i: bigint; matched: boolean; headline: string }[]>`
        WITH ${queriesCte(terms)}
        SELECT t.i, CASE WHEN t.tier = 1 THEN to_tsvector(${SEARCH_CONFIG}::regconfig, t.m) @@ q.full
                         ELSE to_tsvector(${SEARCH_CONFIG}::regconfig, t.m) @@ q.anyq END AS matched,
               ts_headline(${SEARCH_CONFIG}::regconfig, t.d, CASE WHEN numnode(q.anyq) > 0 THEN q.anyq ELSE q.full END,
                           CASE WHEN length(t.d) <= ${SHORT_TEXT} THEN ${WHOLE_OPTIONS} ELSE ${FRAGMENT_OPTIONS} END) AS headline
          FROM q, unnest(${candidates.map((c) => c.part.match)}::text[], ${candidates.map((c) => c.part.display)}::text[],
                         ${candidates.map((c) => hits[c.index].tier)}::int[]) WITH ORDINALITY AS t(m, d, tier, i)`
    : [];
  const verdicts = new Map(judged.map((row) => [Number(row.i) - 1, row]));

  const described: SearchHit[] = hits.map((hit, index) => {
    const options = candidates.map((c, i) => ({ ...c, verdict: verdicts.get(i) })).filter((c) => c.index === index);
    const chosen = options.find((o) => o.verdict?.matched) ?? options[0];
    const { snippet, highlights } = readHeadline(chosen?.verdict?.headline ?? "");
    const execution = hit.execution_id ? context.executions.get(hit.execution_id) : undefined;
    const session = hit.session_id ? context.sessions.get(hit.session_id) : undefined;
    const executionId = execution?.id ?? session?.latestExecutionId ?? null;
    const event = hit.source === "event" ? eventByKey.get(`${hit.execution_id}:${hit.seq}`) : undefined;
    return {
      kind: chosen?.part.kind ?? (hit.source === "event" ? "assistant" : hit.source),
      executionId,
      seq: hit.source === "event" ? hit.seq : null,
      issueId: execution?.issueId ?? session?.issueId ?? null,
      sessionId: execution?.managedSessionId ?? session?.id ?? null,
      snippet,
      highlights,
      href: executionId ? executionHref(executionId, hit.source === "event" ? hit.seq : undefined) : `/sessions/${hit.session_id}`,
      rank: hit.rank,
      matchedAllTerms: hit.tier === 1,
      createdAt: (event?.created_at ?? execution?.createdAt ?? session?.createdAt ?? new Date(0)).toISOString(),
    };
  });
  return { hits: described, context };
}

function groupHits(hits: SearchHit[], context: HitContext): SearchGroup[] {
  const groups = new Map<string, SearchGroup>();
  for (const hit of hits) {
    const key = hit.sessionId ?? `execution:${hit.executionId ?? "none"}`;
    let group = groups.get(key);
    if (!group) {
      const session = hit.sessionId ? context.sessions.get(hit.sessionId) : undefined;
      const execution = hit.executionId ? context.executions.get(hit.executionId) : undefined;
      const issueId = hit.issueId ?? session?.issueId ?? null;
      group = {
        key,
        sessionId: hit.sessionId,
        title: session?.title ?? firstLine(execution?.prompt ?? "") ?? "Untitled",
        issueId,
        issueTitle: issueId ? (context.issues.get(issueId) ?? null) : null,
        executionIds: [],
        hits: [],
      };
      groups.set(key, group);
    }
    if (hit.executionId && !group.executionIds.includes(hit.executionId)) group.executionIds.push(hit.executionId);
    group.hits.push(hit);
  }
  return [...groups.values()];
}

function firstLine(text: string): string | undefined {
  const line = text
    .split("\n")
    .find((l) => l.trim())
    ?.trim();
  if (!line) return undefined;
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
