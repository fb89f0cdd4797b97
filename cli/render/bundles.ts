// Bundles (GET /api/bundles, /api/bundles/:id) → lines. Pure and tolerant of the shape.

import { oneLine, shortId } from "./format";
import { paint, type Style } from "./style";

export interface BundleItemRow {
  type?: string;
  id?: string;
  title?: string | null;
  missing?: boolean;
  status?: string | null;
}

export interface BundleRow {
  id?: string;
  name?: string;
  description?: string;
  itemCount?: number;
  counts?: Record<string, number>;
  items?: BundleItemRow[];
  updatedAt?: string;
}

const PLURAL: Record<string, string> = { session: "sessions", spec: "specs", issue: "issues", commit: "commits" };

export function describeCounts(bundle: BundleRow): string {
  const counts = bundle.counts ?? {};
  const parts = Object.entries(PLURAL)
    .filter(([type]) => (counts[type] ?? 0) > 0)
    .map(([type, plural]) => `${counts[type]} ${counts[type] === 1 ? type : plural}`);
  return parts.length ? parts.join(", ") : "empty";
}

export function renderBundleList(bundles: BundleRow[], style: Style): string[] {
  const idWidth = Math.max(0, ...bundles.map((b) => (b.id ?? "").length));
  const width = style.columns ?? 160;
  return bundles.map((b) => {
    const counts = describeCounts(b);
    const name = oneLine(b.name ?? "", Math.max(20, width - idWidth - counts.length - 6));
    return `${paint(style, (b.id ?? "?").padEnd(idWidth), "bold")}  ${name}  ${paint(style, counts, "dim")}`.trimEnd();
  });
}

export function renderBundle(bundle: BundleRow, style: Style): string[] {
  const width = style.columns ?? 160;
  const lines = [`${paint(style, bundle.id ?? "?", "bold")}  ${bundle.name ?? ""}  ${paint(style, `(${describeCounts(bundle)})`, "dim")}`];
  if (bundle.description?.trim())
    lines.push(
      ...bundle.description
        .trim()
        .split("\n")
        .map((l) => `  ${l}`),
    );
  const items = bundle.items ?? [];
  if (items.length === 0) {
    lines.push("", `  No items yet: arbor bundle add ${bundle.id ?? "BUNDLE-1"} SESS-1 SPEC-2 …`);
    return lines;
  }
  lines.push("");
  const typeWidth = Math.max(...items.map((i) => (i.type ?? "").length));
  const idWidth = Math.max(...items.map((i) => (i.type === "commit" ? 12 : (i.id ?? "").length)));
  items.forEach((item, index) => {
    const id = item.type === "commit" ? shortId(item.id, 12) : (item.id ?? "?");
    const title = item.missing ? paint(style, "(no longer exists)", "red") : oneLine(item.title ?? "", Math.max(20, width - typeWidth - idWidth - 12));
    const status = item.status ? `  ${paint(style, item.status, "dim")}` : "";
    lines.push(
      `  ${String(index + 1).padStart(2)}. ${paint(style, (item.type ?? "?").padEnd(typeWidth), "cyan")}  ${id.padEnd(idWidth)}  ${title}${status}`.trimEnd(),
    );
  });
  return lines;
}
