import "server-only";
import { shortId } from "@/lib/executions/format";
import { conflict, invalidField, ok, type Result } from "@/lib/result";
import type { PickResponse } from "@/lib/groups/schema";
import type { MarkSource } from "@/lib/outcomes/constants";
import { prisma } from "@/server/db";
import { applyExecution } from "@/server/diff/apply-execution";
import { findGroup } from "@/server/groups/get-group";
import { membersOf, toGroupDto } from "@/server/groups/group-dto";
import { preferExecution } from "@/server/outcomes/prefer-execution";
import { cleanupWorktrees } from "@/server/projects/cleanup-worktrees";

export type PickInput = { executionId: string; apply?: boolean; archiveOthers?: boolean; note?: string; via?: MarkSource };

/**
 * Keeps one member of a group. In this order, so a refusal changes nothing:
 * its snapshot applied to the base branch (when asked; a conflict or a dirty
 * checkout is a 409 and nothing is recorded); then the pick recorded, and for
 * forks of one execution the existing outcome mark "preferred" at that branch
 * point; then (when asked) the other members archived: their sessions
 * archived and their worktrees removed, branches and snapshots kept, so
 * compare, diff and a later Continue still work.
 */
export async function pickGroupMember(rawId: string, input: PickInput): Promise<Result<PickResponse>> {
  const found = await findGroup(rawId);
  if (!found.ok) return found;
  const group = found.value;
  const members = await membersOf(group.id);
  const picked = members.find((row) => row.id === input.executionId.toLowerCase());
  if (!picked) return invalidField("executionId", `execution ${input.executionId} is not a member of ${group.id}`);
  const others = members.filter((row) => row.id !== picked.id);
  if (input.archiveOthers) {
    const live = others.find((row) => row.status === "queued" || row.status === "running");
    if (live) {
      return conflict(
        `${group.id} still has member ${shortId(live.id)} (${live.agent}) ${live.status}: cancel it (or the group) or let it finish, then archive the others.`,
        { reason: "members_running" },
      );
    }
  }
  if (input.apply && (picked.status === "queued" || picked.status === "running")) {
    return conflict(`Execution ${shortId(picked.id)} is still ${picked.status}: apply it once it has finished.`, { reason: "member_running" });
  }
  let applied: PickResponse["applied"] = null;
  if (input.apply) {
    const result = await applyExecution(picked.id, { strategy: "squash" });
    if (!result.ok) return result;
    applied = { branch: result.value.baseBranch, commit: result.value.commit };
  }
  await prisma.executionGroup.update({ where: { id: group.id }, data: { pickedExecutionId: picked.id, pickedAt: new Date() } });
  // Forks of one execution are alternatives at that point: the pick is the outcome mark there too.
  if (group.sourceExecutionId && picked.forkedFromExecutionId === group.sourceExecutionId) {
    const preferred = await preferExecution(picked.id, { over: null, note: input.note ?? `picked in ${group.id}`, markedBy: null, via: input.via ?? "api" });
    if (!preferred.ok) console.warn(`[groups] ${group.id}: the pick was recorded, the preferred mark was not: ${preferred.error.message}`);
  }
  const archived = input.archiveOthers ? await archive(group.id, group.projectId, others) : [];
  const fresh = await prisma.executionGroup.findUniqueOrThrow({ where: { id: group.id } });
  return ok({ group: await toGroupDto(fresh, await membersOf(group.id)), applied, archived });
}

/** The other members' sessions archived and their worktrees removed (on this machine; branches kept). */
async function archive(groupId: string, projectId: string | null, others: Awaited<ReturnType<typeof membersOf>>): Promise<string[]> {
  const sessions = others.flatMap((row) => (row.managedSessionId ? [row.managedSessionId] : []));
  if (sessions.length) await prisma.session.updateMany({ where: { id: { in: sessions } }, data: { archived: true } });
  const paths = others.flatMap((row) => (row.worktreePath && row.worktreeState === "present" ? [row.worktreePath] : []));
  if (projectId && paths.length) {
    const cleaned = await cleanupWorktrees(projectId, { onlyPaths: paths });
    if (!cleaned.ok) console.warn(`[groups] ${groupId}: worktrees of the other members were kept: ${cleaned.error.message}`);
  }
  const ids = others.map((row) => row.id);
  await prisma.executionGroup.update({ where: { id: groupId }, data: { archivedExecutionIds: ids } });
  return ids;
}
