import "server-only";
import type { z } from "zod";
import type { ExecutionOutcome, markExecutionSchema } from "@/lib/outcomes/schema";
import { conflict, invalidField, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { findExecution } from "@/server/executions/find-execution";
import { getExecutionOutcome } from "@/server/outcomes/get-execution-outcome";
import { stillRunningMessage, UNFINISHED } from "@/server/outcomes/outcome-dto";
import { preferExecution } from "@/server/outcomes/prefer-execution";

export type MarkExecutionData = z.output<typeof markExecutionSchema>;

/**
 * Marks a finished execution worked / failed (replacing its earlier mark), or
 * its line preferred at a branching point. Answers the execution's outcome.
 */
export async function markExecution(id: string, input: MarkExecutionData): Promise<Result<ExecutionOutcome>> {
  const found = await findExecution(id);
  if (!found.ok) return found;
  const execution = found.value;
  if (UNFINISHED.has(execution.status)) return conflict(stillRunningMessage(execution.id, execution.status));
  const who = { note: input.note ?? "", markedBy: input.by ?? null, via: input.via ?? "api" };
  if (input.mark === "preferred") {
    const preferred = await preferExecution(execution.id, { over: input.over ?? null, ...who });
    if (!preferred.ok) return preferred;
  } else {
    if (input.over) return invalidField("over", `"over" only goes with the mark "preferred"`);
    await prisma.executionMark.upsert({
      where: { executionId: execution.id },
      create: { executionId: execution.id, verdict: input.mark, ...who },
      update: { verdict: input.mark, ...who },
    });
  }
  return getExecutionOutcome(execution.id);
}

/** Removes an execution's worked / failed mark, or the preference its line holds. Idempotent. */
export async function unmarkExecution(id: string, mark: "verdict" | "preferred"): Promise<Result<ExecutionOutcome>> {
  const found = await findExecution(id);
  if (!found.ok) return found;
  const execution = found.value;
  if (mark === "verdict") {
    await prisma.executionMark.deleteMany({ where: { executionId: execution.id } });
  } else {
    const outcome = await getExecutionOutcome(execution.id);
    if (!outcome.ok) return outcome;
    const held = outcome.value.preferences.filter((p) => p.state === "preferred").map((p) => p.branchPointId);
    if (held.length) await prisma.forkPreference.deleteMany({ where: { branchPointId: { in: held } } });
  }
  return getExecutionOutcome(execution.id);
}
