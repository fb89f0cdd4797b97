import "server-only";
import { prisma } from "@/server/db";
import { search } from "@/server/search/search";
import { oneLine, toolAnswer, toolError, type ToolAnswer } from "@/server/mcp/tool-answer";

// search_sessions { query, limit? }: Arbor's full-text search over sessions,
// prompts, answers, tools and files (server/search/search.ts), one line per
// hit naming its session, issue, agent, date and snippet.

export type SearchSessionsInput = { query: string; limit?: number };

export async function searchSessions(input: SearchSessionsInput): Promise<ToolAnswer> {
  const found = await search({ q: input.query, limit: input.limit ?? 10 });
  if (!found.ok) return toolError(found.error.message);
  const hits = found.value.groups.flatMap((group) => group.hits.map((hit) => ({ group, hit })));
  const executionIds = [...new Set(hits.map((h) => h.hit.executionId).filter((id): id is string => id !== null))];
  const agents = new Map(
    (executionIds.length ? await prisma.execution.findMany({ where: { id: { in: executionIds } }, select: { id: true, agent: true } }) : []).map((e) => [
      e.id,
      e.agent,
    ]),
  );
  const rows = hits.map(({ group, hit }) => ({
    session: hit.sessionId,
    issue: hit.issueId ?? group.issueId,
    spec: hit.specId,
    executionId: hit.executionId,
    agent: hit.executionId ? (agents.get(hit.executionId) ?? null) : null,
    date: hit.createdAt,
    kind: hit.kind,
    title: group.title,
    snippet: oneLine(hit.snippet, 300),
  }));
  if (rows.length === 0)
    return toolAnswer(`No session, prompt, answer, tool call or file matches "${found.value.query}".`, { query: found.value.query, hits: [] });
  const lines = rows.map((r, i) => {
    const where = [r.session ?? (r.executionId ? `execution ${r.executionId}` : null), r.issue, r.spec].filter(Boolean).join(" · ");
    const who = [r.agent, r.date.slice(0, 10)].filter(Boolean).join(", ");
    return `${i + 1}. ${where}${who ? ` (${who})` : ""} — ${r.kind} in "${oneLine(r.title, 80)}"\n   ${r.snippet}`;
  });
  const text = `${rows.length} hit${rows.length === 1 ? "" : "s"} for "${found.value.query}". Read one with get_session { ref: "SESS-n" }.\n\n${lines.join("\n")}`;
  return toolAnswer(text, { query: found.value.query, hits: rows });
}
