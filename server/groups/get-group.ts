import "server-only";
import { notFound, ok, type Result } from "@/lib/result";
import type { GroupDto, GroupListItem } from "@/lib/groups/schema";
import { groupNotFoundMessage, parseGroupId } from "@/lib/groups/ids";
import { notFoundMessage, parseId } from "@/lib/ids";
import { prisma } from "@/server/db";
import type { ExecutionGroup } from "@/server/generated/prisma/client";
import { groupFields, membersOf, toGroupDto } from "@/server/groups/group-dto";

/** GET /api/groups/:id: the group and its members side by side. */
export async function getGroup(rawId: string): Promise<Result<GroupDto>> {
  const found = await findGroup(rawId);
  if (!found.ok) return found;
  return ok(await toGroupDto(found.value, await membersOf(found.value.id)));
}

export async function findGroup(rawId: string): Promise<Result<ExecutionGroup>> {
  const id = parseGroupId(rawId);
  const row = id ? await prisma.executionGroup.findUnique({ where: { id } }) : null;
  return row ? ok(row) : notFound(groupNotFoundMessage(rawId));
}

/** GET /api/issues/:id/groups: an issue's groups, newest first, each with its members in short. */
export async function listIssueGroups(rawIssueId: string): Promise<Result<{ items: GroupListItem[] }>> {
  const issueId = parseId("issue", rawIssueId);
  const issue = issueId ? await prisma.issue.findUnique({ where: { id: issueId }, select: { id: true } }) : null;
  if (!issue) return notFound(notFoundMessage("issue", rawIssueId));
  const groups = await prisma.executionGroup.findMany({
    where: { issueId: issue.id },
    orderBy: [{ createdAt: "desc" }, { number: "desc" }],
    include: { members: { select: { id: true, agent: true, model: true, status: true, createdAt: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  return ok({
    items: groups.map(({ members, ...group }) => ({
      ...groupFields(group),
      queueNote: null,
      members: members.map((m) => ({ executionId: m.id, agent: m.agent, model: m.model, status: m.status })),
    })),
  });
}
