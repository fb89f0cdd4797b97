import type { LogEntry } from "@/lib/executions/log-entries";
import type { SearchHitKind } from "@/lib/search/schema";
import { pathTerms } from "@/server/search/search-text";

// Pure helpers of search (server/search/search.ts): the parts of an event a
// hit can be about, and reading ts_headline's marked-up snippets.

/** What ts_headline puts around a match (control characters: never in a snippet's text worth keeping). */
export const HEADLINE_START = "\u0001";
export const HEADLINE_STOP = "\u0002";

/** One searchable part: `match` is what the query is tested on, `display` what the snippet is made from. */
export type Part = { kind: SearchHitKind; match: string; display: string };

/** The searchable parts of one event, most specific first: files touched, tool calls, assistant text, prompts. */
export function eventParts(entries: readonly LogEntry[]): Part[] {
  const files: Part[] = [];
  const tools: Part[] = [];
  const texts: Part[] = [];
  const prompts: Part[] = [];
  for (const entry of entries) {
    if (entry.type === "tool_call") {
      const s = entry.summary;
      const path = s.kind === "file_read" || s.kind === "file_write" || s.kind === "file_edit" ? s.path : s.kind === "search" ? s.path : undefined;
      if (path) files.push({ kind: "file", match: pathTerms(path), display: `${entry.tool} ${path}` });
      const detail =
        s.kind === "command"
          ? [s.command, s.description ?? ""]
          : s.kind === "search"
            ? [s.pattern]
            : s.kind === "web"
              ? [s.target]
              : s.kind === "task"
                ? [s.description]
                : [];
      const shown = detail.filter(Boolean).join(" — ");
      tools.push({
        kind: "tool",
        match: [entry.tool, ...detail].join("\n"),
        display: shown ? `${entry.tool}: ${shown}` : path ? `${entry.tool} ${path}` : entry.tool,
      });
    } else if (entry.type === "assistant_text") {
      texts.push({ kind: "assistant", match: entry.text, display: entry.text });
    } else if (entry.type === "user_message") {
      prompts.push({ kind: "prompt", match: entry.text, display: entry.text });
    }
  }
  return [...files, ...tools, ...texts, ...prompts];
}

/** ts_headline output with our markers → plain text and the marked ranges. */
export function readHeadline(headline: string): { snippet: string; highlights: [number, number][] } {
  let snippet = "";
  const highlights: [number, number][] = [];
  let open: number | null = null;
  for (const ch of headline.replace(/\s+/g, " ").trim()) {
    if (ch === HEADLINE_START) open = snippet.length;
    else if (ch === HEADLINE_STOP) {
      if (open !== null && snippet.length > open) highlights.push([open, snippet.length]);
      open = null;
    } else snippet += ch;
  }
  return { snippet, highlights };
}
