// Projects as the API returns them, for component tests.
import type { QueryClient } from "@tanstack/react-query";
import type { Project } from "@/lib/projects/schema";
import { queryKeys } from "@/lib/query-keys";

/** PROJ-1 "Shop", a git repository on main at /code/shop; override anything. */
export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: "PROJ-1",
    number: 1,
    name: "Shop",
    path: "/code/shop",
    isGitRepo: true,
    baseBranch: "main",
    defaultAgent: null,
    runHooksOnApply: false,
    mcp: true,
    checkCommand: null,
    checkTimeoutSeconds: 600,
    setupScript: null,
    copyFiles: [],
    cleanupScript: null,
    remote: null,
    permissions: null,
    implicit: false,
    archivedAt: null,
    specCount: 1,
    issueCount: 2,
    executionCount: 3,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

/** The implicit default workspace (not git) beside the projects. */
export const defaultWorkspaceProject = (overrides: Partial<Project> = {}): Project =>
  makeProject({
    id: "default",
    number: 0,
    name: "Default workspace",
    path: "/data/workspace",
    isGitRepo: false,
    baseBranch: null,
    implicit: true,
    specCount: 0,
    issueCount: 1,
    executionCount: 0,
    createdAt: null,
    updatedAt: null,
    ...overrides,
  });

/** The project list (GET /api/projects) seeded into the query cache, so no request is made for it. */
export function seedProjects(queryClient: QueryClient, items: Project[] = [makeProject()], defaultWorkspace: Project = defaultWorkspaceProject()): void {
  queryClient.setQueryData(queryKeys.projects.list(), { items, defaultWorkspace });
}
