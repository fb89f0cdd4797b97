// Search results (GET /api/search) → lines. Pure and tolerant of the shape.

import { oneLine } from "./format";
import { paint, type Style } from "./style";

export interface SearchHitItem {
  kind?: string;
  executionId?: string | null;
  seq?: number | null;
  issueId?: string | null;
  sessionId?: string | null;
  snippet?: string;
  highlights?: [number, number][];
  href?: string;
  matchedAllTerms?: boolean;
}

export interface SearchGroupItem {
  key?: string;
  /** session | execution | spec | issue */
  kind?: string;
  sessionId?: string | null;
  title?: string;
  issueId?: string | null;
  issueTitle?: string | null;
  hits?: SearchHitItem[];
}

/** The snippet with its matches painted (bold yellow), or as it is without colors. */
export function paintSnippet(snippet: string, highlights: [number, number][] | undefined, style: Style): string {
  if (!style.color || !highlights?.length) return snippet;
  let out = "";
  let at = 0;
  for (const [start, end] of [...highlights].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start || end > snippet.length) continue;
    out += snippet.slice(at, start) + paint(style, snippet.slice(start, end), "bold", "yellow");
    at = end;
  }
  return out + snippet.slice(at);
}

/** `url(href)` makes an absolute link for the terminal. */
export function renderSearchResults(groups: SearchGroupItem[], style: Style, url: (href: string) => string): string[] {
  const width = style.columns ?? 160;
  const lines: string[] = [];
  groups.forEach((group, index) => {
    if (index > 0) lines.push("");
    if (group.kind === "spec" || group.kind === "issue") {
      // A spec or an issue: its id, then its title.
      const id = group.key ?? "";
      lines.push(`${paint(style, id, "bold")} ${paint(style, oneLine(group.title ?? "", Math.max(20, width - id.length - 1)), "bold")}`);
    } else {
      const where = [group.sessionId, group.issueId ? `${group.issueId}${group.issueTitle ? ` ${group.issueTitle}` : ""}` : null].filter(Boolean).join(" · ");
      lines.push(
        `${paint(style, oneLine(group.title ?? "", Math.max(20, width - where.length - 4)), "bold")}${where ? `  ${paint(style, where, "dim")}` : ""}`,
      );
    }
    for (const hit of group.hits ?? []) {
      const kind = `[${hit.kind ?? "?"}]`.padEnd(11);
      // Cut before painting so escape codes are never split.
      const text = oneLine(hit.snippet ?? "", Math.max(20, width - 14));
      const sameText = text === (hit.snippet ?? "").replace(/\s+/g, " ").trim();
      lines.push(
        `  ${paint(style, kind, "cyan")} ${sameText ? paintSnippet(text, hit.highlights, style) : text}${hit.matchedAllTerms === false ? paint(style, " (partial)", "dim") : ""}`,
      );
      if (hit.href) lines.push(`  ${" ".repeat(11)} ${paint(style, url(hit.href), "gray")}`);
    }
  });
  return lines;
}
