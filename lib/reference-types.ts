// Shapes of the references API (GET /api/references, /api/references/resolve).
import type { ReferenceType } from "@/lib/references/parse";

/** What a hover card shows about a referenced entity. */
export type ReferenceSummary = {
  type: ReferenceType;
  id: string;
  title: string;
  /** Issue status, a session's latest execution status ("archived" when archived), or null for specs. */
  status: string | null;
  /** Last change (specs, issues) or last activity (sessions). */
  lastActivityAt: string;
  href: string;
  /** Sessions only: older than the agent's transcript retention. */
  mayHaveExpired?: boolean;
};

/** GET /api/references/resolve?ids=… → every requested id, null when no such entity exists. */
export type ResolveReferencesResponse = { items: Record<string, ReferenceSummary | null> };

/** An entity whose text cites the target. */
export type Backlink = { type: ReferenceType; id: string; title: string; href: string; updatedAt: string };

/** GET /api/references?target=SESS-1 */
export type BacklinksResponse = { target: string; items: Backlink[] };
