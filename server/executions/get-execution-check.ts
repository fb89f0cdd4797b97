import "server-only";
import { checkResultSchema, type ExecutionCheck } from "@/lib/executions/schema";
import { ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { findExecution } from "@/server/executions/find-execution";

/** The lines of output the check panel shows: its end. */
const SHOWN_LINES = 2_000;

/** GET /api/executions/:id/check: the turn's check and the end of its output. */
export async function getExecutionCheck(executionId: string): Promise<Result<ExecutionCheck>> {
  const found = await findExecution(executionId);
  if (!found.ok) return found;
  const parsed = checkResultSchema.safeParse(found.value.check);
  const check = parsed.success ? parsed.data : null;
  if (!check) return ok({ check: null, output: [], omittedLines: 0, droppedBytes: 0 });
  const ranIn = check.reusedFromExecutionId ?? found.value.id;
  const [total, rows, truncated] = await Promise.all([
    prisma.executionEvent.count({ where: { executionId: ranIn, stream: "check", kind: "output" } }),
    prisma.executionEvent.findMany({
      where: { executionId: ranIn, stream: "check", kind: "output" },
      orderBy: { seq: "desc" },
      take: SHOWN_LINES,
      select: { payload: true },
    }),
    prisma.executionEvent.findFirst({ where: { executionId: ranIn, stream: "check", kind: "truncated" }, select: { payload: true } }),
  ]);
  const output = rows.reverse().map(({ payload }) => {
    const line = (payload ?? {}) as { text?: unknown; stream?: unknown };
    return { stream: line.stream === "stderr" ? ("stderr" as const) : ("stdout" as const), text: typeof line.text === "string" ? line.text : "" };
  });
  const dropped = (truncated?.payload as { droppedBytes?: unknown } | null)?.droppedBytes;
  return ok({ check, output, omittedLines: Math.max(0, total - rows.length), droppedBytes: typeof dropped === "number" ? dropped : 0 });
}
