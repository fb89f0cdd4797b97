// Normalized log entries → terminal lines. Pure; defensive about every field.
//
// The discriminator is read from `kind` or `type` (the server's LogEntry in
// lib/executions/log-entries.ts uses `type`), and a tool call's `summary` may be a string
// or the server's structured ToolCallSummary.

import { compactJson, formatCost, formatDuration, formatTokens, oneLine, truncate } from "./format";
import { paint, type Style } from "./style";
import { renderApprovalEntry } from "./approvals";

export interface EntryRenderOptions {
  /** Tool results longer than this are cut (with a "+N more lines" note). Default 8. */
  maxResultLines?: number;
  /** Width for one-line things when the terminal width is unknown. Default 160. */
  defaultWidth?: number;
}

const RESULT_INDENT = "  │ ";

function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function splitLines(text: string): string[] {
  return text.replace(/\r\n?/g, "\n").split("\n");
}

/** A one-line description of a tool call's input, for the common Claude Code tools. */
export function summarizeToolInput(tool: string, input: unknown): string {
  if (typeof input === "string") return input;
  const i = asRecord(input);
  const pick = (...keys: string[]): string | undefined => {
    for (const k of keys) {
      const v = i[k];
      if (typeof v === "string" && v.trim() !== "") return v;
    }
    return undefined;
  };
  switch (tool) {
    case "Bash":
      return pick("command", "description") ?? "";
    case "Read":
    case "Write":
    case "Edit":
    case "MultiEdit":
    case "NotebookEdit":
    case "NotebookRead":
      return pick("file_path", "notebook_path", "path") ?? "";
    case "Glob":
    case "Grep": {
      const pattern = pick("pattern") ?? "";
      const where = pick("path", "glob");
      return where ? `${pattern} (in ${where})` : pattern;
    }
    case "LS":
      return pick("path") ?? "";
    case "WebFetch":
      return pick("url") ?? "";
    case "WebSearch":
      return pick("query") ?? "";
    case "Task":
    case "Agent":
      return pick("description", "prompt") ?? "";
    case "TodoWrite":
      return Array.isArray(i.todos) ? `${i.todos.length} todo${i.todos.length === 1 ? "" : "s"}` : "";
    default: {
      const guess = pick("command", "file_path", "path", "pattern", "url", "query", "description");
      if (guess !== undefined) return guess;
      if (input === undefined || input === null) return "";
      const json = compactJson(input);
      return json === "{}" ? "" : json;
    }
  }
}

const KINDS = new Set([
  "assistant_text",
  "text_draft",
  "thinking",
  "tool_call",
  "tool_result",
  "user_message",
  "system_init",
  "result",
  "error",
  "stderr",
  "unparsed",
  "text",
  "approval",
]);

/** The entry's kind, from `kind` or `type`. */
export function entryKind(e: Record<string, unknown>): string | undefined {
  if (typeof e.kind === "string" && KINDS.has(e.kind)) return e.kind;
  if (typeof e.type === "string" && KINDS.has(e.type)) return e.type;
  return str(e.kind) ?? str(e.type);
}

/** A tool call's `summary`: a string, or a structured `{ kind: "command", command } | { kind: "file_read", path } | …`. */
export function summaryText(summary: unknown): string | undefined {
  if (typeof summary === "string") return summary;
  const s = asRecord(summary);
  switch (s.kind) {
    case "command":
      return str(s.command);
    case "file_read":
    case "file_write":
      return str(s.path);
    case "file_edit": {
      const path = str(s.path);
      const n = Array.isArray(s.edits) ? s.edits.length : 0;
      return path && n > 1 ? `${path} (${n} edits)` : path;
    }
    case "search": {
      const pattern = str(s.pattern);
      const path = str(s.path);
      return pattern !== undefined && path ? `${pattern} (in ${path})` : pattern;
    }
    case "web":
      return str(s.target);
    case "task":
      return str(s.description);
    case "other":
      return str(s.text);
    default:
      return undefined;
  }
}

/** Tool result content (a string, content blocks, or anything) → text. */
export function toolResultText(content: unknown): string {
  if (content === undefined || content === null) return "";
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((block) => {
        if (typeof block === "string") return block;
        const b = asRecord(block);
        if (typeof b.text === "string") return b.text;
        if (typeof b.type === "string" && b.type !== "text") return `[${b.type}]`;
        return compactJson(block);
      })
      .join("\n");
  }
  const b = asRecord(content);
  if (typeof b.text === "string") return b.text;
  return compactJson(content);
}

export function renderEntry(entry: unknown, style: Style, opts: EntryRenderOptions = {}): string[] {
  const lines = renderEntryLines(entry, style, opts);
  // Entries from a sub-agent (Claude's Task tool) are nested under it.
  const e = asRecord(entry);
  if (typeof e.parentToolUseId === "string" && e.parentToolUseId !== "") return lines.map((l) => paint(style, "  ┆ ", "dim") + l);
  return lines;
}

function renderEntryLines(entry: unknown, style: Style, opts: EntryRenderOptions): string[] {
  const width = style.columns ?? opts.defaultWidth ?? 160;
  const maxResultLines = opts.maxResultLines ?? 8;
  const e = asRecord(entry);
  const kind = entryKind(e);

  switch (kind) {
    case "assistant_text":
    case "text": {
      const text = str(e.text) ?? "";
      return text === "" ? [] : splitLines(text);
    }
    case "text_draft":
      // The reply as it is being written: the complete message follows it and is printed then, once.
      return [];
    case "thinking": {
      const text = str(e.text) ?? "";
      if (text.trim() === "") return [];
      return splitLines(text).map((l, n) => paint(style, (n === 0 ? "✻ " : "  ") + l, "dim", "italic"));
    }
    case "tool_call": {
      const tool = str(e.tool) || "tool";
      const summary = summaryText(e.summary) ?? summarizeToolInput(tool, e.input);
      const head = `▸ ${tool}`;
      const detail = oneLine(summary, Math.max(20, width - head.length - 2));
      return [paint(style, head, "cyan", "bold") + (detail ? `: ${detail}` : "")];
    }
    case "tool_result": {
      const isError = e.isError === true;
      const text = toolResultText(e.content).replace(/\s+$/, "");
      const lines = text === "" ? ["(no output)"] : splitLines(text);
      const shown = lines.slice(0, maxResultLines);
      const lineWidth = Math.max(20, width - RESULT_INDENT.length);
      const out = shown.map((l) => {
        const line = RESULT_INDENT + truncate(l.replace(/\t/g, "  "), lineWidth);
        return isError ? paint(style, line, "red") : paint(style, line, "dim");
      });
      if (lines.length > shown.length) {
        out.push(paint(style, `${RESULT_INDENT}… (+${lines.length - shown.length} more lines)`, "dim"));
      } else if (e.truncated === true) {
        out.push(paint(style, `${RESULT_INDENT}… (truncated)`, "dim"));
      }
      return out;
    }
    case "user_message": {
      const text = str(e.text) ?? "";
      return splitLines(text).map((l, n) => paint(style, (n === 0 ? "› " : "  ") + l, "bold", "blue"));
    }
    case "system_init": {
      const parts: string[] = [];
      if (str(e.model)) parts.push(`model ${e.model}`);
      if (str(e.cwd)) parts.push(`cwd ${e.cwd}`);
      return [paint(style, `● session started${parts.length ? ` (${parts.join(", ")})` : ""}`, "dim")];
    }
    case "result": {
      const isError = e.isError === true;
      const parts: string[] = [];
      const cost = formatCost(e.costUsd);
      if (cost) parts.push(cost);
      const usage = asRecord(e.usage);
      const inTok = formatTokens(usage.inputTokens ?? usage.input_tokens);
      const outTok = formatTokens(usage.outputTokens ?? usage.output_tokens);
      if (inTok || outTok) parts.push(`${inTok ?? "?"} in / ${outTok ?? "?"} out tokens`);
      if (typeof e.numTurns === "number") parts.push(`${e.numTurns} turn${e.numTurns === 1 ? "" : "s"}`);
      const duration = formatDuration(e.durationMs);
      if (duration) parts.push(duration);
      const label = isError ? "✘ result (error)" : "✔ result";
      const head = paint(style, label, isError ? "red" : "green", "bold") + (parts.length ? paint(style, ` · ${parts.join(" · ")}`, "dim") : "");
      const text = str(e.text);
      const out = [head];
      // The result text usually repeats the last assistant message; show it only on errors.
      if (isError && text) out.push(...splitLines(text).map((l) => paint(style, `  ${l}`, "red")));
      return out;
    }
    case "error": {
      const message = str(e.message) ?? compactJson(e.message ?? e);
      if (e.severity === "warning") return splitLines(message).map((l, n) => paint(style, (n === 0 ? "⚠ warning: " : "  ") + l, "yellow"));
      return splitLines(message).map((l, n) => paint(style, (n === 0 ? "✘ error: " : "  ") + l, "red", "bold"));
    }
    case "stderr": {
      const text = (str(e.text) ?? "").replace(/\s+$/, "");
      if (text === "") return [];
      return splitLines(text).map((l) => paint(style, `stderr │ ${l}`, "yellow"));
    }
    case "approval":
      return renderApprovalEntry(e, style);
    case "unparsed": {
      const raw = typeof e.raw === "string" ? e.raw : compactJson(e.raw ?? "");
      return [paint(style, `? ${oneLine(raw, Math.max(20, width - 2))}`, "gray")];
    }
    default: {
      // Unknown (or missing) kind: print it generically rather than dropping it.
      if (kind === undefined && typeof entry === "string") return splitLines(entry);
      if (entry === null || entry === undefined) return [];
      const { kind: _k, type: _t, ...rest } = e;
      const text = str(rest.text) ?? str(rest.message);
      const body = text ?? (Object.keys(rest).length ? compactJson(rest) : typeof entry === "object" ? "" : compactJson(entry));
      return [paint(style, `[${kind ?? "entry"}]`, "gray") + (body ? ` ${oneLine(body, Math.max(20, width - 12))}` : "")];
    }
  }
}

/** Several entries → lines. */
export function renderEntries(entries: unknown, style: Style, opts?: EntryRenderOptions): string[] {
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry) => renderEntry(entry, style, opts));
}

/**
 * Prints a stream of entries as they come. An assistant's reply streamed in
 * pieces (entries marked `delta`, Gemini CLI) is written as it arrives, on
 * one run of text, and ended by a newline before whatever comes next.
 */
export function createEntryPrinter(style: Style, write: (text: string) => void, opts?: EntryRenderOptions) {
  let inPiece = false;
  const endPiece = () => {
    if (inPiece) write("\n");
    inPiece = false;
  };
  return {
    print(entries: unknown): void {
      if (!Array.isArray(entries)) return;
      for (const entry of entries) {
        const e = asRecord(entry);
        if (e.type === "assistant_text" && e.delta === true && typeof e.text === "string" && !e.parentToolUseId) {
          write(e.text);
          inPiece = true;
          continue;
        }
        const lines = renderEntry(entry, style, opts);
        if (lines.length === 0) continue;
        endPiece();
        write(`${lines.join("\n")}\n`);
      }
    },
    /** Ends a run of pieces still open (before a status line, or at the end). */
    end: endPiece,
  };
}
