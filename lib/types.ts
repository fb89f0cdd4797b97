// Shapes of the JSON the API returns. Dates are ISO 8601 strings.
import type { ErrorCode } from "@/lib/result";
import type { IssuePriority, IssueStatus } from "@/lib/schemas/issue";

export interface Spec {
  id: string; // "SPEC-3"
  number: number;
  title: string;
  body: string;
  /** The project it belongs to ("PROJ-2"), or null: the default workspace. */
  projectId: string | null;
  issueCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface SpecRef {
  id: string;
  title: string;
}

export interface Issue {
  id: string; // "ISSUE-7"
  number: number;
  title: string;
  body: string;
  status: IssueStatus;
  priority: IssuePriority;
  specId: string | null;
  spec: SpecRef | null;
  /** The project it belongs to ("PROJ-2"), or null: the default workspace. */
  projectId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Every list endpoint answers { items: [...] }. */
export interface ListResponse<T> {
  items: T[];
}

export interface DeleteSpecResponse {
  id: string;
  deleted: true;
  detachedIssueCount: number;
}

export interface DeleteIssueResponse {
  id: string;
  deleted: true;
}

/** Every error response: { error: { code, message, details? } }. */
export interface ApiErrorBody {
  error: {
    /** One of ErrorCode from route handlers; the request guard may add others (e.g. "cross_site_request"). */
    code: ErrorCode | (string & {});
    message: string;
    details?: Record<string, unknown>;
  };
}
