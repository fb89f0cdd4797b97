import type { LogEntry } from "@/lib/executions/log-entries";
import { claudeStyleNormalizer } from "@/server/agents/claude/normalize-claude-event";
import { numberOrNull, objectOrEmpty, stringOrNull, type Json } from "@/server/agents/json-line";
import { summarizeTool, type ToolTable } from "@/server/agents/summarize-tool";

// Qwen Code prints Claude Code's stream shape with its own tools (those of
// Gemini CLI, which it forked) and its own result line.

export const QWEN_TOOLS: ToolTable = {
  run_shell_command: { kind: "command", command: "command", description: "description" },
  read_file: { kind: "file_read", path: "file_path" },
  write_file: { kind: "file_write", path: "file_path", content: "content" },
  edit: { kind: "file_edit", path: "file_path", oldString: "old_string", newString: "new_string", replaceAll: "replace_all" },
  grep_search: { kind: "search", pattern: "pattern", path: "path" },
  glob: { kind: "search", pattern: "pattern", path: "path" },
  web_fetch: { kind: "web", target: ["url", "prompt"] },
  agent: { kind: "task", description: ["description", "prompt"] },
};

function qwenResultEntry(line: Json): LogEntry {
  const isError = line.is_error === true;
  const usage = objectOrEmpty(line.usage);
  const total = isError
    ? ""
    : `Session total so far: ${numberOrNull(usage.input_tokens) ?? "?"} input, ${numberOrNull(usage.output_tokens) ?? "?"} output tokens`;
  return {
    type: "result",
    isError,
    text: isError ? (stringOrNull(objectOrEmpty(line.error).message) ?? "") : (stringOrNull(line.result) ?? total),
    costUsd: null,
    // A running total, not this turn's: the execution's usage holds the turn's share.
    usage: { inputTokens: null, outputTokens: null },
    durationMs: numberOrNull(line.duration_ms),
    numTurns: numberOrNull(line.num_turns),
  };
}

export const normalizeQwenEvent = claudeStyleNormalizer({
  summarizeToolCall: (tool, input) => summarizeTool(QWEN_TOOLS, tool, input),
  resultEntry: qwenResultEntry,
});
