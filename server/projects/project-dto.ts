import "server-only";
import type { Project } from "@/lib/projects/schema";
import type { Project as ProjectRow } from "@/server/generated/prisma/client";
import { policyOf } from "@/server/permissions/read-project-policy";
import { checkCommandSchema, type CheckCommand } from "@/lib/projects/schema";

/** Prisma `include` that gives toProjectDto what it needs. */
export const projectInclude = { _count: { select: { specs: true, issues: true, executions: true } } } as const;

export type ProjectWithCounts = ProjectRow & { _count: { specs: number; issues: number; executions: number } };

export function toProjectDto(row: ProjectWithCounts): Project {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    path: row.path,
    isGitRepo: row.isGitRepo,
    baseBranch: row.baseBranch,
    defaultAgent: row.defaultAgent,
    runHooksOnApply: row.runHooksOnApply,
    mcp: row.mcp,
    checkCommand: checkCommandOf(row.checkCommand),
    checkTimeoutSeconds: row.checkTimeoutSeconds,
    setupScript: row.setupScript,
    copyFiles: row.copyFiles,
    cleanupScript: row.cleanupScript,
    remote: row.remote,
    permissions: policyOf(row.permissions),
    implicit: false,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    specCount: row._count.specs,
    issueCount: row._count.issues,
    executionCount: row._count.executions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored check (a JSON string or array); anything else reads as none. */
export function checkCommandOf(value: unknown): CheckCommand | null {
  const parsed = checkCommandSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
