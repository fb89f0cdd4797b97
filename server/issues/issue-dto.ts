import "server-only";
import type { Issue as IssueRow } from "@/server/generated/prisma/client";
import type { Issue } from "@/lib/issues/schema";

/** Prisma `include` fragment that gives toIssueDto what it needs. */
export const issueInclude = { spec: { select: { id: true, title: true } } } as const;

export type IssueWithSpec = IssueRow & { spec: { id: string; title: string } | null };

export function toIssueDto(row: IssueWithSpec): Issue {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    body: row.body,
    status: row.status,
    priority: row.priority,
    specId: row.specId,
    spec: row.spec ? { id: row.spec.id, title: row.spec.title } : null,
    projectId: row.projectId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const missingSpecMessage = (specId: string) => `Spec ${specId} does not exist`;
