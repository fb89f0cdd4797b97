import type { LogEntry } from "@/lib/executions/log-entries";
import type { SearchHitKind } from "@/lib/search/schema";
import { plainTextOf } from "@/server/search/plain-text";
import { pathTerms } from "@/server/search/search-text";

// Pure helpers of search (server/search/search.ts): the parts of a hit that
// can have matched, each with the text the query is tested on and the text
// its snippet is made from (markdown read as plain text).

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
      texts.push({ kind: "assistant", match: entry.text, display: plainTextOf(entry.text) });
    } else if (entry.type === "user_message") {
      prompts.push({ kind: "prompt", match: entry.text, display: plainTextOf(entry.text) });
    }
  }
  return [...files, ...tools, ...texts, ...prompts];
}

/** A spec's or issue's parts: its text first (a snippet of it says more than the title above it), then its title. */
export function documentParts(kind: "spec" | "issue", title: string, body: string): Part[] {
  const parts: Part[] = [];
  if (body.trim()) parts.push({ kind, match: body, display: plainTextOf(body) });
  parts.push({ kind, match: title, display: title });
  return parts;
}
