import "server-only";
import { checkFailurePrompt, TAIL_LINES } from "@/lib/checks/check-rules";
import { checkResultSchema } from "@/lib/executions/schema";
import { conflict, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { findExecution } from "@/server/executions/find-execution";

/**
 * The prompt of "Continue with the failure" (issue 25): the turn's check that
 * did not pass, the end of its output (from the execution whose run it was,
 * when the result was reused) and the person's own words after it.
 */
export async function checkFollowUpPrompt(executionId: string, extra?: string): Promise<Result<string>> {
  const found = await findExecution(executionId);
  if (!found.ok) return found;
  const parsed = checkResultSchema.safeParse(found.value.check);
  if (!parsed.success)
    return conflict(`Execution ${found.value.id} has no check result to continue with (its project has no check, or it has not run yet).`, {
      reason: "no_check",
    });
  const check = parsed.data;
  if (check.status === "running") return conflict("Its check is still running: continue with it once it has ended.", { reason: "check_running" });
  if (check.status === "passed") return conflict("Its check passed: there is no failure to continue with.", { reason: "check_passed" });
  const ranIn = check.reusedFromExecutionId ?? found.value.id;
  const events = await prisma.executionEvent.findMany({
    where: { executionId: ranIn, stream: "check", kind: "output" },
    orderBy: { seq: "desc" },
    take: TAIL_LINES,
    select: { payload: true },
  });
  const tail = events.reverse().map((event) => {
    const text = (event.payload as { text?: unknown } | null)?.text;
    return typeof text === "string" ? text : "";
  });
  return ok(checkFailurePrompt(check, tail, extra));
}
