import type { LogEntry, LogUsage, ToolCallSummary } from "@/lib/executions/log-entries";
import type { AgentEvent } from "@/server/agents/types";
import { readClaudeUsage } from "@/server/agents/claude/read-claude-usage";
import { summarizeClaudeToolCall } from "@/server/agents/claude/summarize-tool-call";
import { capToolOutput, MAX_TOOL_RESULT_CHARS } from "@/server/agents/tool-output";

// Maps one stored Claude Code event (kind + the parsed line) to log entries.
// Stored payloads are whatever the CLI printed, possibly from another version,
// so every field is checked and unknown shapes give no entries rather than
// errors. Events the UI has no use for (partial-message deltas, status pings)
// give none too; they stay stored raw.

export { MAX_TOOL_RESULT_CHARS };

type Json = Record<string, unknown>;

/**
 * What differs between CLIs that print Claude Code's stream-json shape
 * (Qwen Code does): their tools' names and fields, and their result line.
 */
export interface ClaudeStyleStream {
  summarizeToolCall(tool: string, input: unknown): ToolCallSummary;
  resultEntry(line: Json): LogEntry;
}

/** A normalizer for a Claude-shaped stream. */
export function claudeStyleNormalizer(stream: ClaudeStyleStream): (event: AgentEvent) => LogEntry[] {
  return (event) => {
    try {
      return entriesFor(event, stream);
    } catch {
      // Belt and braces: a malformed payload must never break the log view.
      return [];
    }
  };
}

function entriesFor(event: AgentEvent, stream: ClaudeStyleStream): LogEntry[] {
  const payload = isObject(event.payload) ? event.payload : {};
  switch (event.kind) {
    case "system_init":
      return [
        {
          type: "system_init",
          model: stringOrNull(payload.model),
          cwd: stringOrNull(payload.cwd),
          tools: Array.isArray(payload.tools) ? payload.tools.filter((t): t is string => typeof t === "string") : [],
        },
      ];
    case "assistant":
      return withParent(assistantEntries(payload, stream), payload);
    case "user":
      return withParent(userEntries(payload), payload);
    case "result":
      return [stream.resultEntry(payload)];
    case "system_api_retry":
      return [{ type: "error", severity: "warning", message: retryMessage(payload) }];
    case "text_draft":
      // Pieces of the text being written (coalesced by the runner), superseded by the complete assistant line.
      return typeof payload.text === "string" && payload.text !== "" ? [{ type: "text_draft", text: payload.text }] : [];
    case "unparsed": {
      const raw = typeof payload.raw === "string" ? payload.raw : "";
      if (raw.trim() === "") return [];
      return [{ type: "unparsed", raw, ...(payload.truncated === true ? { truncated: true } : {}) }];
    }
    default:
      return [];
  }
}

function assistantEntries(line: Json, stream: ClaudeStyleStream): LogEntry[] {
  const message = isObject(line.message) ? line.message : {};
  const content = Array.isArray(message.content) ? message.content : [];
  const synthetic = message.model === "<synthetic>";
  return content.flatMap((block): LogEntry[] => {
    if (!isObject(block)) return [];
    if (block.type === "text" && typeof block.text === "string") {
      // The CLI voices its own failures ("API Error: 500 …") as synthetic assistant text.
      return [synthetic ? { type: "error", message: block.text } : { type: "assistant_text", text: block.text }];
    }
    if (block.type === "thinking" && typeof block.thinking === "string" && block.thinking !== "") {
      return [{ type: "thinking", text: block.thinking }];
    }
    if ((block.type === "tool_use" || block.type === "server_tool_use") && typeof block.name === "string") {
      return [
        {
          type: "tool_call",
          toolUseId: typeof block.id === "string" ? block.id : "",
          tool: block.name,
          input: block.input ?? null,
          summary: stream.summarizeToolCall(block.name, block.input),
        },
      ];
    }
    return [];
  });
}

function userEntries(line: Json): LogEntry[] {
  const message = isObject(line.message) ? line.message : {};
  if (typeof message.content === "string") return [{ type: "user_message", text: message.content }];
  const content = Array.isArray(message.content) ? message.content : [];
  return content.flatMap((block): LogEntry[] => {
    if (!isObject(block)) return [];
    if (block.type === "tool_result") {
      const { content: text, truncated } = capToolOutput(toolResultText(block.content));
      return [
        {
          type: "tool_result",
          toolUseId: typeof block.tool_use_id === "string" ? block.tool_use_id : "",
          content: text,
          isError: block.is_error === true,
          ...(truncated ? { truncated: true } : {}),
        },
      ];
    }
    if (block.type === "text" && typeof block.text === "string" && !/^\s*<system-reminder>/.test(block.text)) {
      return [{ type: "user_message", text: block.text }];
    }
    return [];
  });
}

function claudeResultEntry(line: Json): LogEntry {
  const errors = Array.isArray(line.errors) ? line.errors.filter((e): e is string => typeof e === "string") : [];
  const text = typeof line.result === "string" ? line.result : errors.join("\n");
  return {
    type: "result",
    isError: line.is_error === true,
    text,
    costUsd: numberOrNull(line.total_cost_usd),
    usage: logUsage(line.usage),
    durationMs: numberOrNull(line.duration_ms),
    numTurns: numberOrNull(line.num_turns),
  };
}

function logUsage(usage: unknown): LogUsage {
  const { inputTokens, outputTokens } = readClaudeUsage(usage);
  return { inputTokens, outputTokens };
}

export const normalizeClaudeEvent = claudeStyleNormalizer({ summarizeToolCall: summarizeClaudeToolCall, resultEntry: claudeResultEntry });

function retryMessage(line: Json): string {
  const status = typeof line.error_status === "number" ? ` ${line.error_status}` : "";
  const kind = typeof line.error === "string" ? ` (${line.error})` : "";
  const attempt = typeof line.attempt === "number" ? `attempt ${line.attempt}` : "another attempt";
  const of = typeof line.max_retries === "number" ? ` of ${line.max_retries}` : "";
  const delay = typeof line.retry_delay_ms === "number" ? ` in ${Math.round(line.retry_delay_ms)} ms` : "";
  return `API error${status}${kind}; retrying (${attempt}${of})${delay}`;
}

/** Tool result content is a string or a list of blocks (text, image, …). */
function toolResultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => {
      if (!isObject(part)) return "";
      if (typeof part.text === "string") return part.text;
      if (part.type === "image") return "[image]";
      return "";
    })
    .filter((text) => text !== "")
    .join("\n");
}

function withParent(entries: LogEntry[], line: Json): LogEntry[] {
  const parent = line.parent_tool_use_id;
  if (typeof parent !== "string" || parent === "") return entries;
  return entries.map((entry) => ({ ...entry, parentToolUseId: parent }));
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
