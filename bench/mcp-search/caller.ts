import { randomUUID } from "node:crypto";
import { prisma } from "@/server/db";
import { grantMcpToken, mintMcpToken } from "@/server/mcp/mcp-token";

// The MCP benchmark's caller: a running execution in the seeded search
// database holding a granted token, as the runner makes one for an agent
// (test/support/mcp-fixtures.ts runningTurn does the same for tests). Import
// this only after DATABASE_URL names the bench database: server/db.ts reads it
// when it loads.

// The prompt marks the benchmark's own rows (a crashed run's are removed on the
// next start) and is one token no bench query matches: executions' prompts are
// searchable, so an ordinary prompt could show up among the hits it times.
const CALLER_PROMPT = "zqmcpsearchbenchcaller";

export type BenchCaller = { executionId: string; token: string };

export async function insertCaller(): Promise<BenchCaller> {
  await removeLeftoverCallers();
  const issue = await prisma.issue.findFirst({ orderBy: { number: "asc" }, select: { id: true } });
  if (!issue) throw new Error("the search bench database has no issue to run on: seed it first");
  const executionId = randomUUID();
  await prisma.execution.create({
    data: { id: executionId, issueId: issue.id, agent: "claude", prompt: CALLER_PROMPT, cwd: "/tmp", status: "running", startedAt: new Date() },
  });
  const { token, hash } = mintMcpToken();
  await grantMcpToken(hash, executionId);
  return { executionId, token };
}

/** The tool's own time as the server recorded each call (mcp_calls.duration_ms, whole ms), in call order. */
export async function recordedDurations(executionId: string): Promise<number[]> {
  const calls = await prisma.mcpCall.findMany({ where: { executionId }, orderBy: { id: "asc" }, select: { durationMs: true } });
  return calls.map((c) => c.durationMs);
}

/** Deletes the execution; its token and recorded calls go with it (ON DELETE CASCADE). */
export async function removeCaller(caller: BenchCaller): Promise<void> {
  await prisma.execution.deleteMany({ where: { id: caller.executionId } });
}

async function removeLeftoverCallers(): Promise<void> {
  const { count } = await prisma.execution.deleteMany({ where: { prompt: CALLER_PROMPT } });
  if (count > 0) console.log(`[mcp-search bench] removed ${count} caller execution(s) an earlier run left`);
}
