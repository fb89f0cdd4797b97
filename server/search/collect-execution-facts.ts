import type pg from "pg";
import { normalizeStoredEvent } from "@/server/agents/normalize-stored-event";

// Per-execution facts Insights reads from the events once, in the background:
// which model the agent reported and which tools it called. The search
// indexer (server/search/index-pending-events.ts) calls this for each range
// of events it indexes, in its transaction, so every event is read exactly
// once however many runners index. Agent-neutral: events go through the
// agent's own normalizer (system_init → model, tool_call → tool).

/**
 * The stored event kinds that can carry these facts, per agent; agents not
 * listed have all their stdout events read. (Claude's tool results, the bulk
 * of its output, are `user` events and need not be read.)
 */
const FACT_KINDS: Record<string, readonly string[]> = {
  claude: ["system_init", "assistant"],
};

export type CollectedFacts = { model: string | null; tools: string[]; toolCalls: number };

/** Reads events (from, to] of one execution and adds their facts to its execution_facts row. */
export async function collectExecutionFacts(client: pg.PoolClient, executionId: string, agent: string, from: number, to: number): Promise<CollectedFacts> {
  const kinds = FACT_KINDS[agent];
  const { rows } = await client.query<{ kind: string; payload: unknown }>(
    `SELECT kind, payload FROM execution_events
      WHERE execution_id = $1::uuid AND seq > $2 AND seq <= $3 AND stream = 'stdout' ${kinds ? "AND kind = ANY($4::text[])" : ""}
      ORDER BY seq`,
    kinds ? [executionId, from, to, kinds] : [executionId, from, to],
  );
  const facts: CollectedFacts = { model: null, tools: [], toolCalls: 0 };
  const tools = new Set<string>();
  for (const row of rows) {
    for (const entry of normalizeStoredEvent(agent, { stream: "stdout", kind: row.kind, payload: row.payload })) {
      if (entry.type === "system_init" && entry.model && !facts.model) facts.model = entry.model;
      if (entry.type === "tool_call") {
        tools.add(entry.tool.slice(0, 200));
        facts.toolCalls += 1;
      }
    }
  }
  facts.tools = [...tools].sort();
  if (facts.model || facts.toolCalls) {
    await client.query(
      `UPDATE execution_facts
          SET model = COALESCE(model, $2),
              tools = ARRAY(SELECT DISTINCT t FROM unnest(tools || $3::text[]) AS t ORDER BY t),
              tool_calls = tool_calls + $4
        WHERE execution_id = $1::uuid`,
      [executionId, facts.model, facts.tools, facts.toolCalls],
    );
  }
  return facts;
}
