// What a context bundle can hold, and how a reference to it is written.
// Pure helpers shared by the API, the UI and (in spirit) the CLI.
import { parseId } from "@/lib/ids";

export const BUNDLE_ENTITY_TYPES = ["session", "spec", "issue", "commit"] as const;
export type BundleEntityType = (typeof BUNDLE_ENTITY_TYPES)[number];

/** One item as the API takes and exports it: `{ type: "spec", id: "SPEC-2" }`; commits by SHA. */
export type BundleItemRef = { type: BundleEntityType; id: string };

const ID_KIND = { session: "session", spec: "spec", issue: "issue" } as const;

const SHA = /^[0-9a-f]{7,40}$/i;

export const BUNDLE_ITEM_HINT = "SESS-1, SPEC-2, ISSUE-3 or a commit SHA (7 to 40 hex characters)";

/** Canonical form of an item id of a known type ("spec-2" → "SPEC-2", SHAs lower-cased), or null when malformed. */
export function canonicalItemId(type: BundleEntityType, id: string): string | null {
  if (type === "commit") {
    const sha = id.trim();
    return SHA.test(sha) ? sha.toLowerCase() : null;
  }
  return parseId(ID_KIND[type], id);
}

/** Reads a bare reference ("SESS-1", "spec-2", "a1b2c3d"), guessing its type from its shape; null when it is none of them. */
export function parseItemRef(raw: string): BundleItemRef | null {
  const text = raw.trim();
  const prefix = /^([a-z]+)-/i.exec(text)?.[1]?.toUpperCase();
  const type: BundleEntityType | undefined =
    prefix === "SESS" ? "session" : prefix === "SPEC" ? "spec" : prefix === "ISSUE" ? "issue" : SHA.test(text) ? "commit" : undefined;
  if (!type) return null;
  const id = canonicalItemId(type, text);
  return id ? { type, id } : null;
}

export function itemKey(item: BundleItemRef): string {
  return `${item.type}:${item.id}`;
}

export const ENTITY_TYPE_LABELS: Record<BundleEntityType, string> = {
  session: "Session",
  spec: "Spec",
  issue: "Issue",
  commit: "Commit",
};

/** The page of an item, or null (commits have none in Arbor). */
export function itemHref(item: BundleItemRef): string | null {
  switch (item.type) {
    case "session":
      return `/sessions/${item.id}`;
    case "spec":
      return `/specs/${item.id}`;
    case "issue":
      return `/issues/${item.id}`;
    case "commit":
      return null;
  }
}

/** Moves the item at `from` to `to` (clamped), returning a new array. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved);
  return next;
}
