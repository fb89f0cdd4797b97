// Shapes of the bundles API's JSON. Dates are ISO 8601 strings.
import type { BundleEntityType } from "@/lib/bundles/items";
import type { ExecutionDto } from "@/lib/execution-types";

export interface BundleItem {
  type: BundleEntityType;
  /** "SESS-1", "SPEC-2", "ISSUE-3", or a commit SHA. */
  id: string;
  position: number;
  /** The entity's current title (null for commits, and for items that no longer exist). */
  title: string | null;
  /** The id no longer names anything in Arbor (deleted since it was added). Commits are never checked. */
  missing: boolean;
  /** Issue status, or a session's latest execution status; null otherwise. */
  status: string | null;
  /** The entity's page in the UI, or null. */
  href: string | null;
}

export interface BundleSummary {
  id: string; // "BUNDLE-3"
  number: number;
  name: string;
  description: string;
  itemCount: number;
  /** Items per type. */
  counts: Record<BundleEntityType, number>;
  createdAt: string;
  updatedAt: string;
}

export interface Bundle extends BundleSummary {
  items: BundleItem[];
}

export interface DeleteBundleResponse {
  id: string;
  deleted: true;
}

/** POST /api/bundles/:id/load → 201 */
export interface LoadBundleResponse {
  /** "continue": the bundle's most recently active session got the next turn; "start": a new execution on its first issue. */
  mode: "continue" | "start";
  /** The session continued (mode "continue"). */
  sessionId: string | null;
  /** The issue the execution belongs to. */
  issueId: string;
  execution: ExecutionDto;
}
