import type { ExecutionStatus } from "@/lib/executions/types";
import { joinTextDeltas, type LogEntry, type ToolCallSummary } from "@/lib/executions/log-entries";
import { cutToBytes, utf8Bytes, xmlAttr } from "@/server/references/prompt-text";

// Pure: one turn of a conversation as text for a transcript-primed prompt.
// The person's prompt, the assistant's text verbatim, each tool call
// summarised by its key inputs and its result cut short; thinking,
// sub-agents' inner steps and the CLI's own bookkeeping are left out.

export type TranscriptTurn = {
  executionId: string;
  /** What the agent received for this turn (cited specs/issues expanded). */
  prompt: string;
  /** The turn's normalized log entries (agent-generic), in order. */
  entries: readonly LogEntry[];
  status: ExecutionStatus;
};

/** A tool result or a written file's content is cut to this many bytes. */
export const TOOL_TEXT_MAX_BYTES = 1_000;

/** Our own markers must not be closed by text inside them. */
export function escapeMarkers(text: string): string {
  return text.replace(/<(\/?)arbor-/g, "<$1arbor\u2011");
}

function cut(text: string, max = TOOL_TEXT_MAX_BYTES): string {
  const bytes = utf8Bytes(text);
  if (bytes <= max) return text;
  return `${cutToBytes(text, max)}[… ${bytes - utf8Bytes(cutToBytes(text, max))} more bytes]`;
}

function oneLine(text: string, max = 300): string {
  return cut(text.replace(/\s+/g, " ").trim(), max);
}

export function summarizeToolCall(tool: string, summary: ToolCallSummary): string {
  switch (summary.kind) {
    case "command":
      return `[${tool}] $ ${oneLine(summary.command, 600)}`;
    case "file_read":
      return `[${tool}] read ${summary.path}`;
    case "file_write":
      return `[${tool}] wrote ${summary.path}:\n${cut(summary.content)}`;
    case "file_edit":
      return `[${tool}] edited ${summary.path}: ${summary.edits
        .map((edit) => `"${oneLine(edit.oldString, 200)}" → "${oneLine(edit.newString, 200)}"`)
        .join("; ")}`;
    case "search":
      return `[${tool}] searched ${JSON.stringify(summary.pattern)}${summary.path ? ` in ${summary.path}` : ""}`;
    case "web":
      return `[${tool}] ${oneLine(summary.target)}`;
    case "task":
      return `[${tool}] sub-agent: ${oneLine(summary.description)}`;
    case "other":
      return `[${tool}] ${oneLine(summary.text)}`;
  }
}

const ENDINGS: Partial<Record<ExecutionStatus, string>> = {
  failed: "This turn failed before the agent finished.",
  cancelled: "This turn was cancelled before the agent finished.",
  interrupted: "This turn was interrupted before the agent finished.",
  queued: "This turn had not run yet.",
  running: "This turn was still running.",
};

/** `n`: the turn's position in the whole conversation, 1 for the first. */
export function renderTurn(turn: TranscriptTurn, n: number): string {
  const said: string[] = [];
  for (const entry of joinTextDeltas(turn.entries)) {
    // A sub-agent's own steps: its result comes back to the main thread as the Task call's result.
    if (entry.parentToolUseId) continue;
    if (entry.type === "assistant_text" && entry.text.trim()) said.push(entry.text.trim());
    else if (entry.type === "text" && entry.text.trim()) said.push(entry.text);
    else if (entry.type === "tool_call") said.push(summarizeToolCall(entry.tool, entry.summary));
    else if (entry.type === "tool_result") said.push(`${entry.isError ? "→ error: " : "→ "}${cut(entry.content.trim() || "(no output)")}`);
  }
  const ending = ENDINGS[turn.status];
  return [
    `<arbor-turn n="${n}" execution="${xmlAttr(turn.executionId)}">`,
    "<arbor-user>",
    escapeMarkers(turn.prompt.trim()),
    "</arbor-user>",
    "<arbor-assistant>",
    escapeMarkers(said.join("\n") || "(no answer)"),
    ...(ending ? [`(${ending})`] : []),
    "</arbor-assistant>",
    "</arbor-turn>",
  ].join("\n");
}
