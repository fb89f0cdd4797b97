import type { LogEntry, ToolCallSummary } from "@/lib/executions/log-entries";

// What full-text search finds in one stored event, extracted from its
// normalized log entries when the runner stores it (server/runner): the
// assistant's text, the prompts it was sent, and for tool calls the tool's
// name plus what it acted on (command, file path, pattern, URL, task). Tool
// results, thinking and the final result line are left out: they are either
// bulky (file contents, command output) or repeat the assistant's text.
//
// File paths are one token to PostgreSQL's parser ("src/app/page.tsx"), so a
// search for "page.tsx" or "app/page.tsx" would miss them: each path also
// contributes its shorter suffixes and the words of its file name.
//
// Pure and cheap: it runs on every stored stdout line.

/** Text longer than this is cut before indexing: tsvector has a 1 MB limit, and no one searches that deep. */
export const MAX_SEARCH_TEXT = 100_000;

const MAX_PATH_SEGMENTS = 8;

export function searchTextOf(entries: readonly LogEntry[]): string | null {
  const parts: string[] = [];
  for (const entry of entries) {
    switch (entry.type) {
      case "assistant_text":
      case "user_message":
        if (entry.text.trim()) parts.push(entry.text);
        break;
      case "tool_call":
        parts.push(entry.tool, ...toolTerms(entry.summary));
        break;
      default:
        break;
    }
  }
  if (parts.length === 0) return null;
  const text = parts.join("\n");
  return text.length > MAX_SEARCH_TEXT ? text.slice(0, MAX_SEARCH_TEXT) : text;
}

function toolTerms(summary: ToolCallSummary): string[] {
  switch (summary.kind) {
    case "command":
      return summary.description ? [summary.command, summary.description] : [summary.command];
    case "file_read":
    case "file_write":
    case "file_edit":
      return [pathTerms(summary.path)];
    case "search":
      return summary.path ? [summary.pattern, pathTerms(summary.path)] : [summary.pattern];
    case "web":
      return [summary.target];
    case "task":
      return [summary.description];
    case "other":
      return [];
  }
}

/**
 * "/work/app/src/page.tsx" → the path, its suffixes ("app/src/page.tsx",
 * "src/page.tsx", "page.tsx") and the file name's words ("page tsx"), so any
 * of them finds it.
 */
export function pathTerms(path: string): string {
  const segments = path.split(/[\\/]+/).filter(Boolean);
  const terms = [path];
  const start = Math.max(1, segments.length - MAX_PATH_SEGMENTS);
  for (let i = start; i < segments.length; i++) terms.push(segments.slice(i).join("/"));
  const name = segments.at(-1);
  if (name) {
    const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (words.length > 1) terms.push(words.join(" "));
  }
  return [...new Set(terms)].join(" ");
}

/** Paths a tool call touched, for telling a "file" hit from a "tool" hit. */
export function touchedPaths(entries: readonly LogEntry[]): string[] {
  const paths: string[] = [];
  for (const entry of entries) {
    if (entry.type !== "tool_call") continue;
    const s = entry.summary;
    if (s.kind === "file_read" || s.kind === "file_write" || s.kind === "file_edit") paths.push(s.path);
    else if (s.kind === "search" && s.path) paths.push(s.path);
  }
  return paths;
}
