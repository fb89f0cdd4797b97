import "server-only";
import { executionHref } from "@/lib/hrefs";
import type { SearchHit } from "@/lib/search/schema";
import { normalizeStoredEvent } from "@/server/agents/normalize-stored-event";
import { prisma } from "@/server/db";
import { FRAGMENT_DELIMITER, HEADLINE_START, HEADLINE_STOP, readHeadline, REGION_CLOSE, REGION_OPEN, withoutMarkers } from "@/server/search/headline";
import { documentParts, eventParts, type Part } from "@/server/search/hit-parts";
import { plainTextOf } from "@/server/search/plain-text";
import { queriesCte, type QueryTerms, type RawHit } from "@/server/search/ranked-hits";
import { SEARCH_CONFIG } from "@/server/search/search-config";

// The second step of search (server/search/search.ts), for the page's hits
// only: load what they point at, decide which part of each matched (a file
// path, a tool call, the assistant's text, a prompt, a title or a text), and
// make its snippet with ts_headline, from the text as a person reads it
// (markdown as plain text, hit-parts.ts) with the words of its paths in
// regions that headline.ts folds back onto the paths.

/** Short texts are shown whole; longer ones as up to two fragments around the matches. */
const SHORT_TEXT = 240;
const WHOLE_OPTIONS = `StartSel=${HEADLINE_START}, StopSel=${HEADLINE_STOP}, HighlightAll=true`;
const FRAGMENT_OPTIONS = `StartSel=${HEADLINE_START}, StopSel=${HEADLINE_STOP}, MaxWords=30, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=${FRAGMENT_DELIMITER}`;

type ExecutionInfo = { id: string; issueId: string; managedSessionId: string | null; prompt: string; createdAt: Date };
type SessionInfo = { id: string; title: string; issueId: string; latestExecutionId: string | null; createdAt: Date };
type DocumentInfo = { id: string; title: string; body: string; createdAt: Date };
export type HitContext = {
  executions: Map<string, ExecutionInfo>;
  sessions: Map<string, SessionInfo>;
  /** Issue id → title (of every issue a hit is about or belongs to). */
  issues: Map<string, string>;
  specs: Map<string, string>;
};

const unique = <T>(values: T[]): T[] => [...new Set(values)];
const refsOf = (hits: RawHit[], source: RawHit["source"]) => unique(hits.flatMap((h) => (h.source === source && h.ref_id ? [h.ref_id] : [])));

export async function describeHits(hits: RawHit[], terms: QueryTerms): Promise<{ hits: SearchHit[]; context: HitContext }> {
  const eventKeys = hits.filter((h) => h.source === "event");
  const sessionIds = refsOf(hits, "session");
  const [events, sessions, specs, issueDocs] = await Promise.all([
    eventKeys.length
      ? prisma.$queryRaw<{ execution_id: string; seq: number; stream: string; kind: string; payload: unknown; agent: string; created_at: Date }[]>`
          SELECT e.execution_id::text AS execution_id, e.seq, e.stream, e.kind, e.payload, x.agent, e.created_at
            FROM execution_events e JOIN executions x ON x.id = e.execution_id
           WHERE (e.execution_id, e.seq) IN (
             SELECT * FROM unnest(${eventKeys.map((h) => h.execution_id)}::uuid[], ${eventKeys.map((h) => h.seq)}::int[]))`
      : [],
    sessionIds.length
      ? prisma.$queryRaw<{ id: string; title: string; description: string; issue_id: string; created_at: Date; latest: string | null }[]>`
          SELECT s.id, s.title, s.description, s.issue_id, s.created_at,
                 (SELECT x.id::text FROM executions x WHERE x.managed_session_id = s.id ORDER BY x.created_at DESC, x.id DESC LIMIT 1) AS latest
            FROM sessions s WHERE s.id = ANY(${sessionIds}::text[])`
      : [],
    loadDocuments("spec", refsOf(hits, "spec")),
    loadDocuments("issue", refsOf(hits, "issue")),
  ]);
  const executionIds = unique([...hits.flatMap((h) => (h.execution_id ? [h.execution_id] : [])), ...sessions.flatMap((s) => (s.latest ? [s.latest] : []))]);
  const executions = executionIds.length
    ? await prisma.execution.findMany({
        where: { id: { in: executionIds } },
        select: { id: true, issueId: true, managedSessionId: true, prompt: true, createdAt: true },
      })
    : [];
  const context: HitContext = {
    executions: new Map(executions.map((x) => [x.id, x])),
    sessions: new Map(sessions.map((s) => [s.id, { id: s.id, title: s.title, issueId: s.issue_id, latestExecutionId: s.latest, createdAt: s.created_at }])),
    issues: new Map(issueDocs.map((i) => [i.id, i.title])),
    specs: new Map(specs.map((s) => [s.id, s.title])),
  };
  const sessionIdsOfExecutions = unique(executions.flatMap((x) => (x.managedSessionId ? [x.managedSessionId] : []))).filter((id) => !context.sessions.has(id));
  const [moreSessions, issues] = await Promise.all([
    sessionIdsOfExecutions.length
      ? prisma.session.findMany({ where: { id: { in: sessionIdsOfExecutions } }, select: { id: true, title: true, issueId: true, createdAt: true } })
      : [],
    prisma.issue.findMany({
      where: { id: { in: unique([...executions.map((x) => x.issueId), ...sessions.map((s) => s.issue_id)]).filter((id) => !context.issues.has(id)) } },
      select: { id: true, title: true },
    }),
  ]);
  for (const s of moreSessions) context.sessions.set(s.id, { ...s, latestExecutionId: null });
  for (const i of issues) context.issues.set(i.id, i.title);

  const eventByKey = new Map(events.map((e) => [`${e.execution_id}:${e.seq}`, e]));
  const sessionById = new Map(sessions.map((s) => [s.id, s]));
  const documents = new Map([...specs, ...issueDocs].map((d) => [d.id, d]));
  const partsOf = (hit: RawHit): Part[] => {
    if (hit.source === "prompt") {
      const prompt = context.executions.get(hit.execution_id!)?.prompt ?? "";
      return [{ kind: "prompt", match: prompt, display: plainTextOf(prompt) }];
    }
    if (hit.source === "session") {
      const s = sessionById.get(hit.ref_id!);
      const text = s ? [s.title, s.description].filter((t) => t.trim()).join(" — ") : "";
      return [{ kind: "session", match: text, display: text }];
    }
    if (hit.source === "spec" || hit.source === "issue") {
      const doc = documents.get(hit.ref_id!);
      return doc ? documentParts(hit.source, doc.title, doc.body) : [];
    }
    const event = eventByKey.get(`${hit.execution_id}:${hit.seq}`);
    return event ? eventParts(normalizeStoredEvent(event.agent, event)) : [];
  };

  const candidates = hits.flatMap((hit, index) => partsOf(hit).map((part) => ({ index, part })));
  const verdicts = await judgeParts(
    candidates.map((c) => ({ match: c.part.match, display: c.part.display, tier: hits[c.index].tier })),
    terms,
  );

  const described: SearchHit[] = hits.map((hit, index) => {
    const options = candidates.map((c, i) => ({ ...c, verdict: verdicts[i] })).filter((c) => c.index === index);
    const chosen = options.find((o) => o.verdict?.matched) ?? options[0];
    const { snippet, highlights } = readHeadline(chosen?.verdict?.headline ?? "");
    const base = { snippet, highlights, rank: hit.rank, matchedAllTerms: hit.tier === 1, seq: null };
    if (hit.source === "spec" || hit.source === "issue") {
      const doc = documents.get(hit.ref_id!);
      const href = `/${hit.source === "spec" ? "specs" : "issues"}/${hit.ref_id}`;
      return {
        ...base,
        kind: hit.source,
        executionId: null,
        issueId: hit.source === "issue" ? hit.ref_id : null,
        specId: hit.source === "spec" ? hit.ref_id : null,
        sessionId: null,
        href,
        createdAt: (doc?.createdAt ?? new Date(0)).toISOString(),
      };
    }
    const execution = hit.execution_id ? context.executions.get(hit.execution_id) : undefined;
    const session = hit.source === "session" && hit.ref_id ? context.sessions.get(hit.ref_id) : undefined;
    const executionId = execution?.id ?? session?.latestExecutionId ?? null;
    const event = hit.source === "event" ? eventByKey.get(`${hit.execution_id}:${hit.seq}`) : undefined;
    return {
      ...base,
      kind: chosen?.part.kind ?? (hit.source === "event" ? "assistant" : hit.source),
      executionId,
      seq: hit.source === "event" ? hit.seq : null,
      issueId: execution?.issueId ?? session?.issueId ?? null,
      specId: null,
      sessionId: execution?.managedSessionId ?? session?.id ?? null,
      href: executionId ? executionHref(executionId, hit.source === "event" ? hit.seq : undefined) : `/sessions/${hit.ref_id}`,
      createdAt: (event?.created_at ?? execution?.createdAt ?? session?.createdAt ?? new Date(0)).toISOString(),
    };
  });
  return { hits: described, context };
}

async function loadDocuments(kind: "spec" | "issue", ids: string[]): Promise<DocumentInfo[]> {
  if (ids.length === 0) return [];
  const select = { id: true, title: true, body: true, createdAt: true };
  return kind === "spec" ? prisma.spec.findMany({ where: { id: { in: ids } }, select }) : prisma.issue.findMany({ where: { id: { in: ids } }, select });
}

/**
 * One round trip for every part: does it match its hit's tier query (as the
 * stored vectors are built, through search_vector_of), and its snippet.
 */
async function judgeParts(
  parts: { match: string; display: string; tier: number }[],
  terms: QueryTerms,
): Promise<({ matched: boolean; headline: string } | undefined)[]> {
  if (parts.length === 0) return [];
  const rows = await prisma.$queryRaw<{ i: bigint; matched: boolean; headline: string }[]>`
    WITH ${queriesCte(terms)}
    SELECT t.i, CASE WHEN t.tier = 1 THEN search_vector_of(t.m) @@ q.full ELSE search_vector_of(t.m) @@ q.anyq END AS matched,
           ts_headline(${SEARCH_CONFIG}::regconfig, search_headline_text(t.d, ${REGION_OPEN}, ${REGION_CLOSE}),
                       CASE WHEN numnode(q.anyq) > 0 THEN q.anyq ELSE q.full END,
                       CASE WHEN length(t.d) <= ${SHORT_TEXT} THEN ${WHOLE_OPTIONS} ELSE ${FRAGMENT_OPTIONS} END) AS headline
      FROM q, unnest(${parts.map((p) => p.match)}::text[], ${parts.map((p) => withoutMarkers(p.display))}::text[],
                     ${parts.map((p) => p.tier)}::int[]) WITH ORDINALITY AS t(m, d, tier, i)`;
  const byIndex = new Map(rows.map((row) => [Number(row.i) - 1, row]));
  return parts.map((_, i) => byIndex.get(i));
}
