import { fmtMs, round2, summarize } from "@/bench/lib/stats";
import type { SearchSeed } from "@/bench/search/ensure-seed";

// bench/mcp-search.ts's result (bench/results/mcp-search.json) and its section
// of docs/performance.md.

export type Timing = ReturnType<typeof summarize>;

/** Summary of a list of milliseconds, rounded as the results files keep them. */
export function timing(values: number[]): Timing {
  const s = summarize(values);
  return { n: s.n, min: round2(s.min), p50: round2(s.p50), p95: round2(s.p95), p99: round2(s.p99), max: round2(s.max), mean: round2(s.mean) };
}

export type McpSearchBenchResult = {
  date: string;
  commit: string;
  node: string;
  sdk: string;
  cpus: string;
  postgres: string;
  seed: SearchSeed["seed"];
  rounds: number;
  limit: number;
  /** tools/call search_sessions, client-side, end to end. */
  mcp: Timing;
  /** server/search/search.ts called in-process with the same query and limit. */
  direct: Timing;
  /** Per (query, round): the MCP call minus the direct call made right beside it. */
  overhead: Timing;
  /** The tool's own time as the server recorded it (mcp_calls.duration_ms: whole ms). */
  toolServerSide: Timing;
  byClass: Array<{ class: string; queries: number; mcp: Timing; direct: Timing; overheadP50: number }>;
  queries: Array<{ q: string; class: string; hits: number; answerChars: number; mcpMedianMs: number; directMedianMs: number }>;
  targetP50Ms: number;
  metTarget: boolean;
  /** 1-minute load average when the timed rounds began and when they ended. */
  loadAverage: { before: number; after: number };
};

export function renderSection(r: McpSearchBenchResult): string {
  const n = (x: number) => x.toLocaleString("en-US");
  const queryCount = r.queries.length;
  const lines = [
    "## Search through MCP: `search_sessions` (bench/mcp-search.ts)",
    "",
    `The agent's view of search: \`tools/call search_sessions\` on Arbor's MCP server over the same ${n(r.seed.events)} events as the Search section ` +
      `(the \`arbor_bench_search\` database, bench/search/seed.ts), timed on the client, measured by \`bench/mcp-search.ts\` ` +
      `(\`npx tsx --conditions=react-server bench/mcp-search.ts\`). The real POST handler of app/api/mcp/route.ts is served over HTTP on loopback; ` +
      `the official SDK's \`Client\` (@modelcontextprotocol/sdk ${r.sdk}, \`StreamableHTTPClientTransport\`) connects once with the Bearer token of a running execution, ` +
      "then each call is one stateless POST: the token check, a new `McpServer` for the request, the search, the hits' agents, the answer's text and structured content, the call recorded. " +
      `The same queries also go through \`server/search/search.ts\` directly, back to back with each call, so what MCP adds shows beside the search itself. ` +
      `${r.postgres}, ${r.cpus}, Node ${r.node}, commit ${r.commit}; load average ${r.loadAverage.before} when the timed rounds began and ${r.loadAverage.after} at the end.`,
    "",
    `- **MCP client p50 ${fmtMs(r.mcp.p50)} ms, p95 ${fmtMs(r.mcp.p95)} ms, p99 ${fmtMs(r.mcp.p99)} ms** (max ${fmtMs(r.mcp.max)} ms) over ${n(r.mcp.n)} timed calls: ` +
      `${queryCount} queries (bench/search/queries.ts) × ${r.rounds} rounds after a warm-up round, \`limit\` ${r.limit} (the tool's default). ` +
      `Target p50 ≤ ${r.targetP50Ms} ms: **${r.metTarget ? "met" : "missed"}**.`,
    `- Direct \`search()\`, same queries, same run: p50 ${fmtMs(r.direct.p50)} ms, p95 ${fmtMs(r.direct.p95)} ms, p99 ${fmtMs(r.direct.p99)} ms.`,
    `- What MCP adds, each call minus the direct search beside it: **p50 ${fmtMs(r.overhead.p50)} ms**, p95 ${fmtMs(r.overhead.p95)} ms. ` +
      `Of the call, the tool itself (search, agent lookup, formatting; as the server records it in \`mcp_calls\`, whole ms) took p50 ${fmtMs(r.toolServerSide.p50)} ms; ` +
      "the rest is HTTP on loopback, the SDK on both sides, the token check and recording the call.",
    "",
    "| query class | queries | MCP p50 (ms) | MCP p95 (ms) | direct p50 (ms) | direct p95 (ms) | MCP − direct p50 (ms) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...r.byClass.map(
      (c) =>
        `| ${c.class} | ${c.queries} | ${fmtMs(c.mcp.p50)} | ${fmtMs(c.mcp.p95)} | ${fmtMs(c.direct.p50)} | ${fmtMs(c.direct.p95)} | ${fmtMs(c.overheadP50)} |`,
    ),
    `| **all** | ${queryCount} | **${fmtMs(r.mcp.p50)}** | **${fmtMs(r.mcp.p95)}** | ${fmtMs(r.direct.p50)} | ${fmtMs(r.direct.p95)} | ${fmtMs(r.overhead.p50)} |`,
    "",
    "<details><summary>Per query (median of the rounds; hits and characters of the answer's text as the agent gets it)</summary>",
    "",
    "| query | class | MCP median (ms) | direct median (ms) | hits | answer chars |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
    ...r.queries.map(
      (q) => `| \`${q.q.replace(/\|/g, "\\|")}\` | ${q.class} | ${fmtMs(q.mcpMedianMs)} | ${fmtMs(q.directMedianMs)} | ${q.hits} | ${n(q.answerChars)} |`,
    ),
    "",
    "</details>",
    "",
    `Results: \`bench/results/mcp-search.json\` (${r.date}).`,
  ];
  return lines.join("\n");
}
