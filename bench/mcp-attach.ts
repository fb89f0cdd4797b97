// What attaching Arbor's MCP server costs a Claude Code launch: the real CLI
// (node_modules/.bin/claude) spawned as Arbor spawns it, to its first model
// request at the Messages-API stand-in, without and with the server
// (`--mcp-config` naming the real /api/mcp over loopback HTTP, `alwaysLoad`,
// the token in ARBOR_MCP_TOKEN: server/agents/claude/claude-mcp.ts). With
// `alwaysLoad` the CLI connects (initialize, tools/list) before it asks the
// model, so the difference is what a new run waits for the server.
//
//   npx tsx --conditions=react-server bench/mcp-attach.ts [--runs 15]
//
// Runs alternate (without, with) so drift in the machine's load hits both;
// the first two pairs warm the CLI's files up and are not counted. Its own
// database, `arbor_bench_mcp_attach` (a running execution holds the token).
// Writes bench/results/mcp-attach.json and the "mcp-attach" section of
// docs/performance.md.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchDatabaseUrl, ensureDatabase } from "@/bench/lib/bench-db";
import { writeDocSection } from "@/bench/lib/doc-section";
import { fmtMs, loadAverage, round2, summarize, writeResult } from "@/bench/lib/stats";
import { applyMigrations } from "@/server/migrations/apply-migrations";

const DATABASE = "arbor_bench_mcp_attach";

async function main() {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "15" } } });
  const runs = Number(values.runs);
  const databaseUrl = benchDatabaseUrl(DATABASE);
  await ensureDatabase(DATABASE);
  await applyMigrations(databaseUrl);
  process.env.DATABASE_URL = databaseUrl;
  // Server code reads DATABASE_URL when first imported.
  const { POST } = await import("@/app/api/mcp/route");
  const { prisma } = await import("@/server/db");
  const { grantMcpToken, mintMcpToken } = await import("@/server/mcp/mcp-token");
  const { startRouteServer } = await import("@/test/support/route-server");
  const { startMessagesApi } = await import("@/test/support/messages-api");

  const web = await startRouteServer({ "/api/mcp": { POST } });
  const model = await startMessagesApi();
  let firstRequestAt = 0;
  model.setScript(() => {
    if (!firstRequestAt) firstRequestAt = performance.now();
    return { kind: "text", text: "ok" };
  });
  const issueId = `ISSUE-${900_000 + Math.floor(Math.random() * 99_999)}`;
  const number = Number(issueId.slice(6));
  await prisma.issue.create({ data: { id: issueId, number, title: "mcp-attach bench" } });
  const executionId = randomUUID();
  await prisma.execution.create({ data: { id: executionId, issueId, agent: "claude", prompt: "bench", cwd: "/tmp", status: "running" } });
  const { token, hash } = mintMcpToken();
  await grantMcpToken(hash, executionId);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arbor-mcp-attach-"));
  const config = path.join(dir, "mcp.json");
  const server = { type: "http", url: `${web.url}/api/mcp`, headers: { Authorization: "Bearer ${ARBOR_MCP_TOKEN}" }, alwaysLoad: true };
  fs.writeFileSync(config, JSON.stringify({ mcpServers: { arbor: server } }));
  const claude = path.join(process.cwd(), "node_modules", ".bin", "claude");
  const launch = (withMcp: boolean) =>
    new Promise<number>((resolve, reject) => {
      firstRequestAt = 0;
      const args = ["-p", "--verbose", "--output-format", "stream-json", "--permission-mode", "acceptEdits"];
      if (withMcp) args.push("--mcp-config", config, "--allowedTools", "mcp__arbor__search_sessions");
      const started = performance.now();
      const env = {
        ...process.env,
        ANTHROPIC_BASE_URL: model.url,
        ANTHROPIC_API_KEY: "bench",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        CLAUDE_CONFIG_DIR: path.join(dir, "config"),
        ARBOR_MCP_TOKEN: token,
      };
      const child = spawn(claude, [...args, "--", "hi"], { cwd: dir, env, stdio: "ignore" });
      child.on("error", reject);
      child.on("exit", () => (firstRequestAt ? resolve(firstRequestAt - started) : reject(new Error("the CLI never asked the model"))));
    });

  const without: number[] = [];
  const withMcp: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const a = await launch(false);
    const b = await launch(true);
    if (i >= 2) {
      without.push(a);
      withMcp.push(b);
    }
  }
  const calls = await prisma.mcpCall.count({ where: { executionId } });
  await prisma.execution.delete({ where: { id: executionId } });
  await prisma.issue.delete({ where: { id: issueId } });
  await model.close();
  await web.close();
  fs.rmSync(dir, { recursive: true, force: true });

  const rounded = (values: number[]) => Object.fromEntries(Object.entries(summarize(values)).map(([k, v]) => [k, round2(v)])) as ReturnType<typeof summarize>;
  const result = {
    date: new Date().toISOString(),
    runs,
    without: rounded(without),
    with: rounded(withMcp),
    differenceP50: round2(summarize(withMcp).p50 - summarize(without).p50),
    toolCalls: calls,
    loadAverage: loadAverage(),
  };
  writeResult("mcp-attach", result);
  writeDocSection(
    "mcp-attach",
    `## Attaching Arbor's MCP server to a Claude Code launch

\`bench/mcp-attach.ts\` (\`npx tsx --conditions=react-server bench/mcp-attach.ts\`): the real Claude Code CLI spawned to its first model request at the stand-in, without and with Arbor's MCP server attached as Arbor attaches it (\`--mcp-config\`, \`alwaysLoad\`: the CLI connects before it asks the model), ${runs} alternating pairs after 2 warm-up pairs, load average ${result.loadAverage} at the end.

| spawn → first model request | p50 | p95 | max |
| --- | --- | --- | --- |
| without the server | ${fmtMs(result.without.p50)} | ${fmtMs(result.without.p95)} | ${fmtMs(result.without.max)} |
| with the server | ${fmtMs(result.with.p50)} | ${fmtMs(result.with.p95)} | ${fmtMs(result.with.max)} |

Difference at p50: **${fmtMs(result.differenceP50)} ms** (before the model is asked, the CLI makes four requests to the server one after another: a discovery probe the SDK answers 400, \`initialize\`, \`notifications/initialized\`, \`tools/list\`; each took 7–19 ms in the server in a traced launch — the token check, a new \`McpServer\` — and the rest is the CLI's own client). Without \`alwaysLoad\` the CLI would not wait, but its model would see Arbor's tools only behind \`ToolSearch\`.`,
  );
  console.log(JSON.stringify(result, null, 2));
  await prisma.$disconnect();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
