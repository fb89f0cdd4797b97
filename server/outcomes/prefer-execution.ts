import "server-only";
import { invalidField, notFound, ok, type Result } from "@/lib/result";
import { prisma } from "@/server/db";
import { commonBranchPoint, lineInfo } from "@/server/outcomes/branch-lines";

type Who = { note: string; markedBy: string | null; via: string };

/**
 * Makes the line `executionId` is on the chosen one at a branching point: the
 * one named by `over` (the branching point where the two are alternatives), or
 * else its default (a fork: over what it branched from; otherwise: over the
 * forks of the nearest execution up its chain that has any). The other lines
 * at that point become "not chosen". Replaces an earlier choice there.
 */
export async function preferExecution(executionId: string, input: Who & { over: string | null }): Promise<Result<{ branchPointId: string }>> {
  const info = await lineInfo(executionId);
  if (!info) return notFound(`Execution ${executionId} not found`);
  let membership = info.defaultMembership;
  if (input.over) {
    if (input.over === executionId) return invalidField("over", "an execution cannot be preferred over itself");
    const other = await lineInfo(input.over);
    if (!other) return notFound(`Execution ${input.over} not found (over)`);
    const common = commonBranchPoint(info, other, { a: executionId, b: input.over });
    if (!common.ok) return invalidField("over", common.reason);
    membership = common.membership;
  }
  if (!membership) {
    return invalidField(
      "mark",
      `Execution ${executionId} is not at a branching point: it is neither a fork (or a later turn of one) nor on a line that was forked from. "Preferred" picks one of several alternatives; use worked / failed to judge it alone`,
    );
  }
  const data = { preferredExecutionId: membership.lineId, note: input.note, markedBy: input.markedBy, via: input.via };
  await prisma.forkPreference.upsert({
    where: { branchPointId: membership.branchPointId },
    create: { branchPointId: membership.branchPointId, ...data },
    update: data,
  });
  return ok({ branchPointId: membership.branchPointId });
}
