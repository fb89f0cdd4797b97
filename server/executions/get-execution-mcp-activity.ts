import "server-only";
import { ok, type Result } from "@/lib/result";
import type { ExecutionMcpActivity } from "@/lib/mcp/schema";
import { prisma } from "@/server/db";
import { findExecution } from "@/server/executions/find-execution";

/**
 * What a run did through Arbor's MCP server, for its page: the refs it read
 * (over all its calls), its calls oldest first (at most `limit`), the issues
 * it raised and the refs it cited. Only the execution page asks: the
 * execution lists stay one query.
 */
export async function getExecutionMcpActivity(rawId: string, options: { limit: number }): Promise<Result<ExecutionMcpActivity>> {
  const found = await findExecution(rawId);
  if (!found.ok) return found;
  const executionId = found.value.id;
  const [calls, callCount, consulted, raisedIssues, citations] = await Promise.all([
    prisma.mcpCall.findMany({ where: { executionId }, orderBy: { id: "asc" }, take: options.limit }),
    prisma.mcpCall.count({ where: { executionId } }),
    // Each ref once, in the order first read: by the id of the first call that read it.
    prisma.$queryRaw<{ ref: string }[]>`
      SELECT ref FROM mcp_calls c CROSS JOIN LATERAL unnest(c.consulted) AS ref
       WHERE c.execution_id = ${executionId}::uuid
       GROUP BY ref ORDER BY min(c.id), ref`,
    prisma.issue.findMany({
      where: { raisedByExecutionId: executionId },
      orderBy: { number: "asc" },
      select: { id: true, title: true, status: true, createdAt: true },
    }),
    prisma.entityReference.findMany({
      where: { origin: "agent", executionId },
      orderBy: { createdAt: "asc" },
      select: { sourceId: true, targetId: true, note: true, createdAt: true },
    }),
  ]);
  return ok({
    executionId,
    consulted: consulted.map((r) => r.ref),
    calls: calls.map((c) => ({
      id: String(c.id),
      tool: c.tool,
      arguments: c.arguments !== null && typeof c.arguments === "object" && !Array.isArray(c.arguments) ? (c.arguments as Record<string, unknown>) : {},
      resultChars: c.resultChars,
      isError: c.isError,
      consulted: c.consulted,
      durationMs: c.durationMs,
      createdAt: c.createdAt.toISOString(),
    })),
    callCount,
    raisedIssues: raisedIssues.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })),
    citations: citations.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  });
}
