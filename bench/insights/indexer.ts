import pg from "pg";
import type { InsightsBenchResult } from "@/bench/insights/report";
import { round2 } from "@/bench/lib/stats";

/**
 * What collecting facts adds to the runner's search indexer: 20,000 Claude
 * stream-json events (tool calls, tool results, text; the recorded 2.1.330
 * lines) stored as the runner stores them, indexed by indexAllPendingEvents,
 * and the facts pass alone over the same events.
 */
export async function measureIndexer(url: string): Promise<InsightsBenchResult["indexer"]> {
  const { EventWriter } = await import("@/server/runner/turn/event-writer");
  const { indexAllPendingEvents } = await import("@/server/search/index-pending-events");
  const { collectExecutionFacts } = await import("@/server/search/collect-execution-facts");
  const lines = (await import("@/server/agents/claude/__fixtures__/stream-json-2.1.330.json")).default as Record<string, string>;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const id = crypto.randomUUID();
  const events = 20_000;
  try {
    await pool.query(`INSERT INTO executions (id, issue_id, agent, prompt, cwd, updated_at) VALUES ($1, 'ISSUE-1', 'claude', 'indexer bench', '/w', now())`, [
      id,
    ]);
    const writer = new EventWriter(pool, id);
    const mix = [lines.assistantToolUseRead, lines.userToolResultRead, lines.assistantText, lines.assistantToolUseEdit, lines.userToolResultEdit];
    for (let i = 0; i < events; i++) {
      const line = mix[i % mix.length];
      const kind = JSON.parse(line).type as string;
      writer.push({ stream: "stdout", kind, json: line, searchText: kind === "assistant" ? "read the file and edit it" : null });
      if (writer.needsDrain) await writer.flush();
    }
    await writer.flush();
    let t0 = performance.now();
    await indexAllPendingEvents(pool, { executionId: id });
    const totalMs = performance.now() - t0;
    const client = await pool.connect();
    t0 = performance.now();
    try {
      for (let from = 0; from < events; from += 2_000) await collectExecutionFacts(client, id, "claude", from, from + 2_000);
    } finally {
      client.release();
    }
    const factsMs = performance.now() - t0;
    return { events, totalMs: round2(totalMs), factsMs: round2(factsMs), microsPerEventFacts: round2((factsMs / events) * 1000) };
  } finally {
    await pool.query(`DELETE FROM executions WHERE id = $1`, [id]);
    await pool.end();
  }
}
