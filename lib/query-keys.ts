// Typed react-query keys. Hierarchical so a prefix invalidates everything below it:
//   queryKeys.issues.all  ⊃ queryKeys.issues.lists() ⊃ queryKeys.issues.list({ status: "open" })
import type { IssueListParams, SpecListParams } from "@/lib/api-client";

/** Drops empty filter values so {q: ""} and {} share a cache entry. */
function clean<T extends object>(filters: T): T {
  return Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== ""),
  ) as T;
}

export const queryKeys = {
  specs: {
    all: ["specs"] as const,
    lists: () => [...queryKeys.specs.all, "list"] as const,
    list: (filters: SpecListParams = {}) => [...queryKeys.specs.lists(), clean(filters)] as const,
    details: () => [...queryKeys.specs.all, "detail"] as const,
    detail: (id: string) => [...queryKeys.specs.details(), id.trim().toUpperCase()] as const,
  },
  issues: {
    all: ["issues"] as const,
    lists: () => [...queryKeys.issues.all, "list"] as const,
    list: (filters: IssueListParams = {}) => [...queryKeys.issues.lists(), clean(filters)] as const,
    details: () => [...queryKeys.issues.all, "detail"] as const,
    detail: (id: string) => [...queryKeys.issues.details(), id.trim().toUpperCase()] as const,
    executions: (id: string) => [...queryKeys.issues.detail(id), "executions"] as const,
    sessionTree: (id: string) => [...queryKeys.issues.detail(id), "session-tree"] as const,
  },
  executions: {
    all: ["executions"] as const,
    detail: (id: string) => [...queryKeys.executions.all, "detail", id.toLowerCase()] as const,
  },
} as const;
