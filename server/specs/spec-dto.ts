import "server-only";
import type { Spec as SpecRow } from "@/server/generated/prisma/client";
import type { Spec } from "@/lib/specs/schema";

/** Prisma `include`/`select` fragment that gives toSpecDto what it needs. */
export const specInclude = { _count: { select: { issues: true } } } as const;

export type SpecWithCount = SpecRow & { _count: { issues: number } };

export function toSpecDto(row: SpecWithCount): Spec {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    body: row.body,
    projectId: row.projectId,
    issueCount: row._count.issues,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
