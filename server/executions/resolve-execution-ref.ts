import "server-only";
import { conflict, notFound, ok, type Result } from "@/lib/result";
import { EXECUTION_REF_MAX_MATCHES, hexAsUuid, type AmbiguousExecutionRef, type ExecutionRef, type ExecutionRefMatch } from "@/lib/executions/execution-ref";
import { excerpt } from "@/lib/executions/format";
import { prisma } from "@/server/db";

/**
 * The execution whose id starts with `ref` (a short id as the UI and the CLI
 * print it, or the full id). The ids a prefix can name form one range of the
 * uuid primary key, from the prefix padded with 0s to the prefix padded with
 * fs: an index range scan however many executions there are
 * (docs/topics/executions.md, "Execution ids"). Several → a conflict listing them.
 */
export async function resolveExecutionRef(ref: ExecutionRef): Promise<Result<{ execution: ExecutionRefMatch }>> {
  const rows = await prisma.execution.findMany({
    where: { id: { gte: hexAsUuid(ref.hex.padEnd(32, "0")), lte: hexAsUuid(ref.hex.padEnd(32, "f")) } },
    select: { id: true, issueId: true, managedSessionId: true, status: true, prompt: true, createdAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: EXECUTION_REF_MAX_MATCHES + 1,
  });
  if (rows.length === 0) return notFound(`Execution ${ref.shown} not found`);
  const matches = rows.slice(0, EXECUTION_REF_MAX_MATCHES).map((row) => ({ ...row, prompt: excerpt(row.prompt, 80), createdAt: row.createdAt.toISOString() }));
  if (rows.length === 1) return ok({ execution: matches[0]! });
  const details: AmbiguousExecutionRef = { ref: ref.shown, matches, more: rows.length > matches.length };
  return conflict(
    `"${ref.shown}" is the start of ${details.more ? `more than ${matches.length}` : matches.length} executions' ids: give more of the id (one of these)`,
    details,
  );
}
