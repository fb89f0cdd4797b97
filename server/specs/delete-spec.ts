import "server-only";
import { prisma } from "@/server/db";
import { deleteReferencesFrom } from "@/server/references/sync-references";
import { notFoundMessage, parseId } from "@/lib/ids";
import { conflict, notFound, ok, type Result } from "@/lib/result";
import type { DeleteSpecResponse } from "@/lib/specs/schema";

export interface DeleteSpecOptions {
  /** Unlink the spec's issues (they are kept, without a spec) and then delete it. */
  detachIssues?: boolean;
}

/**
 * Deletes a spec. Never deletes its issues: a spec that still has issues is a
 * conflict unless `detachIssues` is set, in which case they are unlinked first.
 */
export async function deleteSpec(rawId: string, options: DeleteSpecOptions = {}): Promise<Result<DeleteSpecResponse>> {
  const id = parseId("spec", rawId);
  if (!id) return notFound(notFoundMessage("spec", rawId));

  return prisma.$transaction(async (tx): Promise<Result<DeleteSpecResponse>> => {
    // Lock the spec row: issues being linked to it concurrently wait for us
    // (their foreign-key check needs a share lock), so the count below stays true.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM specs WHERE id = ${id} FOR UPDATE`;
    if (locked.length === 0) return notFound(notFoundMessage("spec", rawId));

    const issueCount = await tx.issue.count({ where: { specId: id } });
    if (issueCount > 0 && !options.detachIssues) {
      const issues = issueCount === 1 ? "1 issue" : `${issueCount} issues`;
      return conflict(
        `Spec ${id} has ${issues}. Deleting it would orphan ${issueCount === 1 ? "it" : "them"}: ` +
          `move or delete ${issueCount === 1 ? "that issue" : "those issues"} first, ` +
          `or retry with ?detachIssues=true to unlink ${issueCount === 1 ? "it" : "them"} from the spec and delete the spec.`,
        { issueCount },
      );
    }
    const detached = issueCount > 0 ? await tx.issue.updateMany({ where: { specId: id }, data: { specId: null } }) : { count: 0 };
    await deleteReferencesFrom(tx, { type: "spec", id });
    await tx.spec.delete({ where: { id } });
    return ok({ id, deleted: true as const, detachedIssueCount: detached.count });
  });
}
