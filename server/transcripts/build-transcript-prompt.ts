import "server-only";
import { prisma } from "@/server/db";
import type { ExecutionStatus } from "@/lib/executions/types";
import type { LogEntry } from "@/lib/executions/log-entries";
import { normalizeStoredEvent } from "@/server/agents/normalize-stored-event";
import { AGENT_PROMPT_MAX_BYTES } from "@/server/references/format-agent-prompt";
import { utf8Bytes } from "@/server/references/prompt-text";
import { composeTranscriptPrompt, type TranscriptPrompt } from "@/server/transcripts/compose-transcript-prompt";
import { renderTurn } from "@/server/transcripts/render-turn";

// Arbor's own transcript of a conversation, from the events it stored: the
// chain of turns that led to (and includes) `sourceExecutionId`, newest first
// until the byte budget is full, composed with the new prompt
// (compose-transcript-prompt.ts). A turn's conversation goes back through the
// execution it carried the transcript of, else the one it continued, else the
// one it forked from.

/** Deeper chains are cut here (and counted as left out). */
const MAX_CHAIN = 10_000;

type ChainRow = {
  id: string;
  prompt: string;
  agent_prompt: string | null;
  agent: string;
  status: ExecutionStatus;
  managed_session_id: string | null;
  depth: number;
};

/** The conversation's turns, newest (the source) first. */
async function loadChain(sourceExecutionId: string): Promise<ChainRow[]> {
  return prisma.$queryRaw<ChainRow[]>`
    WITH RECURSIVE chain(id, depth) AS (
      SELECT ${sourceExecutionId}::uuid, 0
      UNION ALL
      SELECT COALESCE(e.transcript_source_execution_id, e.parent_execution_id, e.forked_from_execution_id), c.depth + 1
        FROM chain c JOIN executions e ON e.id = c.id
       WHERE c.depth < ${MAX_CHAIN}
         AND COALESCE(e.transcript_source_execution_id, e.parent_execution_id, e.forked_from_execution_id) IS NOT NULL
    )
    SELECT e.id::text AS id, e.prompt, e.agent_prompt, e.agent, e.status::text AS status, e.managed_session_id, c.depth
      FROM chain c JOIN executions e ON e.id = c.id
     ORDER BY c.depth`;
}

/** The normalized log entries of some turns, by execution id (one query for them all). */
async function loadEntries(rows: ChainRow[]): Promise<Map<string, LogEntry[]>> {
  const events = await prisma.executionEvent.findMany({
    where: { executionId: { in: rows.map((row) => row.id) }, stream: "stdout" },
    orderBy: [{ executionId: "asc" }, { seq: "asc" }],
    select: { executionId: true, stream: true, kind: true, payload: true },
  });
  const agentOf = new Map(rows.map((row) => [row.id, row.agent]));
  const entries = new Map<string, LogEntry[]>(rows.map((row) => [row.id, []]));
  for (const event of events) entries.get(event.executionId)!.push(...normalizeStoredEvent(agentOf.get(event.executionId)!, event));
  return entries;
}

/** Turns whose events are read per query: few at first (the newest are often long), more further back. */
const batchSize = (index: number) => (index === 0 ? 4 : 32);

/**
 * The prompt of a fresh session that carries the conversation up to and
 * including `sourceExecutionId`, then `prompt` as the only task.
 */
export async function buildTranscriptPrompt(sourceExecutionId: string, prompt: string, maxBytes = AGENT_PROMPT_MAX_BYTES): Promise<TranscriptPrompt> {
  const chain = await loadChain(sourceExecutionId);
  const total = chain.length;
  const rendered: string[] = [];
  let bytes = 0;
  // Newest first, and no further back than the budget can hold.
  for (let start = 0, batch = 0; start < total && bytes < maxBytes; start += batchSize(batch++)) {
    const rows = chain.slice(start, start + batchSize(batch));
    const entries = await loadEntries(rows);
    for (const row of rows) {
      if (bytes >= maxBytes) break;
      const turn = renderTurn(
        { executionId: row.id, prompt: row.agent_prompt ?? row.prompt, entries: entries.get(row.id)!, status: row.status },
        total - row.depth,
      );
      rendered.push(turn);
      bytes += utf8Bytes(turn);
    }
  }
  return composeTranscriptPrompt({ turns: rendered, totalTurns: total, sessionRef: chain[0]?.managed_session_id ?? null, prompt }, maxBytes);
}
