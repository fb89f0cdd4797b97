import "server-only";
import { parseReferences } from "@/lib/references/parse";
import { prisma } from "@/server/db";
import { formatAgentPrompt, type ExpandedItem } from "@/server/references/format-agent-prompt";

export type ExpandedPrompt = {
  /** What the agent receives, or null when that is the prompt itself. */
  agentPrompt: string | null;
  /** The cited items whose text `agentPrompt` carries. */
  expandedReferences: string[];
};

/**
 * Expands the specs and issues a prompt cites (`[[SPEC-3]]`, `[[ISSUE-7]]`)
 * into the text the agent receives, each at most once per conversation: when
 * `continuing` names the execution whose conversation this turn extends (a
 * Continue's parent, a Fork's source), items an earlier turn of that
 * conversation already carried are not repeated. Unknown ids stay as typed;
 * `[[SESS-n]]` is not expanded (the run form offers to continue that session).
 */
export async function expandPrompt(prompt: string, continuing?: string | null): Promise<ExpandedPrompt> {
  const cited = parseReferences(prompt).filter((r) => r.type !== "session");
  if (cited.length === 0) return { agentPrompt: null, expandedReferences: [] };
  const already = continuing ? await referencesInConversation(continuing) : new Set<string>();
  const wanted = cited.filter((r) => !already.has(r.id));
  if (wanted.length === 0) return { agentPrompt: null, expandedReferences: [] };

  const specIds = wanted.filter((r) => r.type === "spec").map((r) => r.id);
  const issueIds = wanted.filter((r) => r.type === "issue").map((r) => r.id);
  const [specs, issues] = await Promise.all([
    specIds.length ? prisma.spec.findMany({ where: { id: { in: specIds } }, select: { id: true, title: true, body: true } }) : [],
    issueIds.length ? prisma.issue.findMany({ where: { id: { in: issueIds } }, select: { id: true, title: true, body: true, status: true } }) : [],
  ]);
  const byId = new Map<string, ExpandedItem>([
    ...specs.map((s) => [s.id, { type: "spec" as const, id: s.id, title: s.title, body: s.body }] as const),
    ...issues.map((i) => [i.id, { type: "issue" as const, id: i.id, title: i.title, body: i.body, status: i.status }] as const),
  ]);
  const items = wanted.map((r) => byId.get(r.id)).filter((item): item is ExpandedItem => item !== undefined);
  if (items.length === 0) return { agentPrompt: null, expandedReferences: [] };
  return { agentPrompt: formatAgentPrompt(prompt, items), expandedReferences: items.map((item) => item.id) };
}

/**
 * Items already expanded into the conversation that `executionId` belongs to:
 * its own turn and every earlier one (Continue parents, and for a fork the
 * turns of the session it branched from), counting only turns that reached
 * the agent or still will.
 */
async function referencesInConversation(executionId: string): Promise<Set<string>> {
  const rows = await prisma.$queryRaw<{ expanded_references: string[] | null }[]>`
    WITH RECURSIVE chain AS (
      SELECT id, parent_execution_id, forked_from_execution_id, expanded_references, session_id, status, error_code, 1 AS depth
      FROM executions WHERE id = ${executionId}::uuid
      UNION ALL
      SELECT e.id, e.parent_execution_id, e.forked_from_execution_id, e.expanded_references, e.session_id, e.status, e.error_code, chain.depth + 1
      FROM executions e
      JOIN chain ON e.id = COALESCE(chain.parent_execution_id, chain.forked_from_execution_id)
      WHERE chain.depth < 10000
    )
    SELECT expanded_references FROM chain
    WHERE status IN ('queued', 'running')
       OR (session_id IS NOT NULL AND error_code IS DISTINCT FROM 'session_not_found')`;
  return new Set(rows.flatMap((row) => row.expanded_references ?? []));
}
