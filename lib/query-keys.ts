// Typed react-query keys. Hierarchical so a prefix invalidates everything below it:
//   queryKeys.issues.all  ⊃ queryKeys.issues.lists() ⊃ queryKeys.issues.list({ status: "open" })
import type { ApprovalListParams } from "@/lib/approvals/api";
import type { IssueListParams } from "@/lib/issues/api";
import type { ExecutionListParams } from "@/lib/executions/api";
import type { SessionListParams } from "@/lib/sessions/api";
import type { SpecListParams } from "@/lib/specs/api";

/** Drops empty filter values so {q: ""} and {} share a cache entry. */
function clean<T extends object>(filters: T): T {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== "")) as T;
}

export const queryKeys = {
  agents: {
    all: ["agents"] as const,
  },
  approvals: {
    all: ["approvals"] as const,
    list: (filters: ApprovalListParams = {}) => [...queryKeys.approvals.all, "list", clean(filters)] as const,
  },
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
    details: () => [...queryKeys.executions.all, "detail"] as const,
    detail: (id: string) => [...queryKeys.executions.details(), id.toLowerCase()] as const,
    /** What an execution did (final answer, tools, files): GET /api/executions/:id/summary. */
    summary: (id: string) => [...queryKeys.executions.detail(id), "summary"] as const,
    /** What it consulted through Arbor's MCP server and the calls it made: GET /api/executions/:id/mcp-calls. */
    mcpCalls: (id: string) => [...queryKeys.executions.detail(id), "mcp-calls"] as const,
    /** The end of an execution's log, fetched as soon as its page opens (see useExecutionLog). */
    logTail: (id: string) => [...queryKeys.executions.detail(id), "log-tail"] as const,
    lists: () => [...queryKeys.executions.all, "list"] as const,
    list: (filters: ExecutionListParams = {}) => [...queryKeys.executions.lists(), clean(filters)] as const,
    /** What it changed, start → snapshot: GET /api/executions/:id/diff. */
    diff: (id: string) => [...queryKeys.executions.detail(id), "diff"] as const,
    /** What Apply would give the base branch now: GET /api/executions/:id/apply-preview. */
    applyPreview: (id: string) => [...queryKeys.executions.detail(id), "apply-preview"] as const,
    /** Snapshot of a → snapshot of b: GET /api/compare/diff. */
    compareDiff: (a: string, b: string) => [...queryKeys.executions.all, "compare-diff", a.toLowerCase(), b.toLowerCase()] as const,
  },
  projects: {
    all: ["projects"] as const,
    list: () => [...queryKeys.projects.all, "list"] as const,
    /** GET /api/projects?archived=true */
    archived: () => [...queryKeys.projects.all, "archived"] as const,
    details: () => [...queryKeys.projects.all, "detail"] as const,
    detail: (id: string) => [...queryKeys.projects.details(), id.trim().toUpperCase()] as const,
  },
  sessions: {
    all: ["sessions"] as const,
    lists: () => [...queryKeys.sessions.all, "list"] as const,
    list: (filters: SessionListParams = {}) => [...queryKeys.sessions.lists(), clean(filters)] as const,
    details: () => [...queryKeys.sessions.all, "detail"] as const,
    detail: (ref: string) => [...queryKeys.sessions.details(), ref.trim().toUpperCase()] as const,
    /** The runs that read it through Arbor's MCP server: GET /api/sessions/:ref/consulted-by. */
    consultedBy: (ref: string) => [...queryKeys.sessions.detail(ref), "consulted-by"] as const,
  },
  references: {
    all: ["references"] as const,
    /** What cites an entity ("Referenced by"). */
    backlinks: (target: string) => [...queryKeys.references.all, "backlinks", target.trim().toUpperCase()] as const,
    /** One entity's hover-card summary (null: no such entity). */
    summary: (id: string) => [...queryKeys.references.all, "summary", id.trim().toUpperCase()] as const,
    /** Which of a text's references exist (sorted ids). */
    resolve: (ids: readonly string[]) => [...queryKeys.references.all, "resolve", [...ids].sort().join(",")] as const,
  },
  bundles: {
    all: ["bundles"] as const,
    lists: () => [...queryKeys.bundles.all, "list"] as const,
    list: (filters: { q?: string } = {}) => [...queryKeys.bundles.lists(), clean(filters)] as const,
    details: () => [...queryKeys.bundles.all, "detail"] as const,
    detail: (id: string) => [...queryKeys.bundles.details(), id.trim().toUpperCase()] as const,
  },
  search: {
    all: ["search"] as const,
    results: (q: string, limit?: number) => [...queryKeys.search.all, q.trim(), limit ?? null] as const,
  },
} as const;
