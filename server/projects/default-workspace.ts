import "server-only";
import { DEFAULT_PROJECT_KEY } from "@/lib/projects/ids";
import type { Project } from "@/lib/projects/schema";
import { prisma } from "@/server/db";
import { readRepositoryState } from "@/server/git/repository-state";
import { readProjectPolicy } from "@/server/permissions/read-project-policy";
import { defaultWorkspace } from "./workspace-directories";

/**
 * The implicit project of everything that names none: ARBOR_WORKSPACE, the
 * default directory of executions. People who register no project use only
 * this one; it cannot be edited or removed (set ARBOR_WORKSPACE instead).
 */
export async function describeDefaultWorkspace(): Promise<Project> {
  const dir = await defaultWorkspace();
  const [git, specCount, issueCount, executionCount, permissions] = await Promise.all([
    readRepositoryState(dir).catch(() => null),
    prisma.spec.count({ where: { projectId: null } }),
    prisma.issue.count({ where: { projectId: null } }),
    prisma.execution.count({ where: { projectId: null } }),
    readProjectPolicy(null),
  ]);
  const isGitRepo = git !== null && git.topLevel === dir;
  return {
    id: DEFAULT_PROJECT_KEY,
    number: 0,
    name: "Default workspace",
    path: dir,
    isGitRepo,
    baseBranch: isGitRepo ? git.branch : null,
    defaultAgent: null,
    runHooksOnApply: false,
    // The runner attaches the MCP server to a run without a project unasked (server/runner/turn/attach-mcp.ts).
    mcp: true,
    // A check, set-up and remote are a registered project's (it has a row, a base branch and a main checkout).
    checkCommand: null,
    checkTimeoutSeconds: 600,
    setupScript: null,
    copyFiles: [],
    cleanupScript: null,
    remote: null,
    permissions,
    implicit: true,
    archivedAt: null,
    specCount,
    issueCount,
    executionCount,
    createdAt: null,
    updatedAt: null,
  };
}
