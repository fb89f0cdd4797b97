// Arbor's transcript of a conversation (server/transcripts/): how long the
// runner takes to compose the prompt of a transcript-primed turn, which it
// also does (while the agent runs) for every resumed turn, to record what
// resume saved. Seeds conversations of various lengths and shapes, then times
// buildTranscriptPrompt on the newest turn, cold and warm.
//
//   npx tsx --conditions=react-server bench/transcript-compose.ts [--runs 15] [--database arbor_bench]
//
// Uses its own database (default arbor_bench, dropped and recreated) on the
// server DATABASE_URL points at. Writes bench/results/transcript-compose.json
// and the "Transcript composition" section of docs/performance.md (between
// its markers only).
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { BENCH_DATABASE, prepareBenchDatabase } from "@/bench/lib/bench-db";
import { writeDocSection } from "@/bench/lib/doc-section";
import { loadAverage, writeResult } from "@/bench/lib/stats";

const DOC = path.join(process.cwd(), "docs", "performance.md");

type Shape = { name: string; turns: number; toolCallsPerTurn: number; toolOutputBytes: number; textBytes: number };

const SHAPES: Shape[] = [
  { name: "10 turns, chatty", turns: 10, toolCallsPerTurn: 1, toolOutputBytes: 2_000, textBytes: 600 },
  { name: "200 turns, tools", turns: 200, toolCallsPerTurn: 4, toolOutputBytes: 4_000, textBytes: 800 },
  { name: "2,000 short turns", turns: 2_000, toolCallsPerTurn: 0, toolOutputBytes: 0, textBytes: 120 },
  { name: "10,000 short turns", turns: 10_000, toolCallsPerTurn: 0, toolOutputBytes: 0, textBytes: 80 },
];

type ShapeResult = Shape & {
  events: number;
  keptTurns: number;
  elidedTurns: number;
  promptBytes: number;
  transcriptTokens: number;
  coldMs: number;
  medianMs: number;
  p95Ms: number;
};

const words = (bytes: number, seed: number) => {
  let out = "";
  for (let i = 0; out.length < bytes; i++) out += `word${(seed * 31 + i) % 997} `;
  return out.slice(0, bytes);
};

/** One conversation: a chain of `turns` executions, each with Claude stream-json events, newest id returned. */
async function seed(client: pg.Client, issueId: string, shape: Shape): Promise<{ newest: string; events: number }> {
  const ids: string[] = [];
  const session = randomUUID();
  const base = Date.now() - shape.turns * 1000;
  const executions: unknown[][] = [];
  const events: { id: string; seq: number; kind: string; payload: string }[] = [];
  for (let t = 0; t < shape.turns; t++) {
    const id = randomUUID();
    executions.push([id, issueId, `turn ${t}: ${words(80, t)}`, session, t === 0 ? null : ids[t - 1], new Date(base + t * 1000)]);
    ids.push(id);
    let seq = 0;
    const push = (kind: string, line: unknown) => events.push({ id, seq: ++seq, kind, payload: JSON.stringify(line) });
    push("assistant", { type: "assistant", parent_tool_use_id: null, message: { content: [{ type: "text", text: words(shape.textBytes, t) }] } });
    for (let c = 0; c < shape.toolCallsPerTurn; c++) {
      const use = `toolu_${t}_${c}`;
      push("assistant", {
        type: "assistant",
        parent_tool_use_id: null,
        message: { content: [{ type: "tool_use", id: use, name: "Bash", input: { command: `grep -rn thing${c} src/` } }] },
      });
      push("user", {
        type: "user",
        parent_tool_use_id: null,
        message: { content: [{ type: "tool_result", tool_use_id: use, content: words(shape.toolOutputBytes, t + c) }] },
      });
    }
  }
  for (let i = 0; i < executions.length; i += 1_000) {
    const chunk = executions.slice(i, i + 1_000);
    await client.query(
      `INSERT INTO executions (id, issue_id, agent, prompt, cwd, status, target_session_id, session_id, session_confirmed, parent_execution_id, created_at, updated_at, event_count)
       SELECT u.id, u.issue, 'claude', u.prompt, '/w', 'completed', u.session, u.session, true, u.parent, u.at, u.at, 0
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::uuid[], $6::timestamptz[]) AS u(id, issue, prompt, session, parent, at)`,
      [0, 1, 2, 3, 4, 5].map((k) => chunk.map((row) => row[k])),
    );
  }
  for (let i = 0; i < events.length; i += 5_000) {
    const chunk = events.slice(i, i + 5_000);
    await client.query(
      `INSERT INTO execution_events (execution_id, seq, stream, kind, payload) SELECT u.id, u.seq, 'stdout', u.kind, u.payload::jsonb FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[]) AS u(id, seq, kind, payload)`,
      [chunk.map((e) => e.id), chunk.map((e) => e.seq), chunk.map((e) => e.kind), chunk.map((e) => e.payload)],
    );
  }
  return { newest: ids[ids.length - 1], events: events.length };
}

async function main() {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "15" }, database: { type: "string", default: BENCH_DATABASE } } });
  const url = await prepareBenchDatabase(values.database);
  process.env.DATABASE_URL = url;
  // Imported only now: server/db reads DATABASE_URL when it is first loaded.
  const { buildTranscriptPrompt } = await import("@/server/transcripts/build-transcript-prompt");
  const { prisma } = await import("@/server/db");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`INSERT INTO issues (id, number, title, updated_at) VALUES ('ISSUE-1', 1, 'Bench', now())`);
  const runs = Number(values.runs);
  const results: ShapeResult[] = [];
  try {
    for (const shape of SHAPES) {
      const { newest, events } = await seed(client, "ISSUE-1", shape);
      await client.query("VACUUM ANALYZE execution_events");
      await client.query("VACUUM ANALYZE executions");
      let started = performance.now();
      const first = await buildTranscriptPrompt(newest, "the next request");
      const coldMs = performance.now() - started;
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        started = performance.now();
        await buildTranscriptPrompt(newest, "the next request");
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const result: ShapeResult = {
        ...shape,
        events,
        keptTurns: first.keptTurns,
        elidedTurns: first.elidedTurns,
        promptBytes: Buffer.byteLength(first.text),
        transcriptTokens: first.transcriptTokens,
        coldMs,
        medianMs: times[Math.floor(times.length / 2)],
        p95Ms: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)],
      };
      results.push(result);
      console.log(
        `[transcript] ${shape.name}: ${result.medianMs.toFixed(1)} ms median, kept ${result.keptTurns}, left out ${result.elidedTurns}, ${result.promptBytes} bytes`,
      );
    }
  } finally {
    await client.end();
    await prisma.$disconnect();
  }
  const report = {
    date: new Date().toISOString(),
    runs,
    loadAverage: loadAverage(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}`,
    node: process.version,
    results,
  };
  writeResult("transcript-compose", report);
  writeSection(report);
}

function writeSection(report: { date: string; runs: number; loadAverage: number; machine: string; node: string; results: ShapeResult[] }) {
  const ms = (n: number) => n.toFixed(1);
  const rows = report.results.map(
    (r) =>
      `| ${r.name} | ${r.turns.toLocaleString("en-US")} | ${r.events.toLocaleString("en-US")} | ${r.keptTurns.toLocaleString("en-US")} / ${r.elidedTurns.toLocaleString("en-US")} | ${r.promptBytes.toLocaleString("en-US")} | ≈ ${r.transcriptTokens.toLocaleString("en-US")} | ${ms(r.coldMs)} | **${ms(r.medianMs)}** | ${ms(r.p95Ms)} |`,
  );
  const section = [
    "## Transcript composition",
    "",
    `What a transcript-primed turn costs the runner before its agent starts (and what a resumed turn costs it while the agent runs, to record what resume saved): \`buildTranscriptPrompt\` (server/transcripts/) on the newest turn of a seeded conversation, measured by \`bench/transcript-compose.ts\` (\`npx tsx --conditions=react-server bench/transcript-compose.ts\`, ${report.runs} warm runs after one cold) on ${report.date.slice(0, 10)}, ${report.machine}, Node ${report.node}, load average ${report.loadAverage}. The prompt is capped at 120,000 bytes (one argv element); older turns are left out with a marker.`,
    "",
    "| conversation | turns | events | turns kept / left out | prompt bytes | transcript tokens | cold ms | median ms | p95 ms |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    "Only the turns the budget can hold are read (newest first, a few turns per query); the chain itself is one recursive query over ids. Cold is the first call (in the first row it includes opening the database connection).",
  ].join("\n");
  writeDocSection("transcript", section, { file: DOC });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
