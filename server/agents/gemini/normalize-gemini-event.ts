import type { LogEntry } from "@/lib/executions/log-entries";
import { numberOrNull, objectOrEmpty, stringOrNull, type Json } from "@/server/agents/json-line";
import { summarizeTool, type ToolTable } from "@/server/agents/summarize-tool";
import { safeNormalizer } from "@/server/agents/normalizer";
import { capToolOutput } from "@/server/agents/tool-output";

// Maps one stored Gemini CLI stream-json event to log entries. Assistant text
// arrives in deltas (one event per streamed piece); each becomes its own
// assistant_text entry, marked `delta`, for the log view to join.

/** Gemini CLI's (and Qwen Code's, its fork's) tools, for the log's summaries. */
export const GEMINI_TOOLS: ToolTable = {
  run_shell_command: { kind: "command", command: "command", description: "description" },
  read_file: { kind: "file_read", path: "file_path" },
  list_directory: { kind: "file_read", path: "dir_path" },
  write_file: { kind: "file_write", path: "file_path", content: "content" },
  replace: { kind: "file_edit", path: "file_path", oldString: "old_string", newString: "new_string", replaceAll: "allow_multiple" },
  edit: { kind: "file_edit", path: "file_path", oldString: "old_string", newString: "new_string", replaceAll: "replace_all" },
  grep_search: { kind: "search", pattern: "pattern", path: "dir_path" },
  glob: { kind: "search", pattern: "pattern", path: "dir_path" },
  web_fetch: { kind: "web", target: ["url", "prompt"] },
  google_web_search: { kind: "web", target: ["query"] },
  invoke_agent: { kind: "task", description: ["prompt", "agent_name"] },
  agent: { kind: "task", description: ["description", "prompt"] },
};

export const normalizeGeminiEvent = safeNormalizer(entriesFor);

function entriesFor(kind: string, line: Json): LogEntry[] {
  switch (kind) {
    case "init":
      return [{ type: "system_init", model: stringOrNull(line.model), cwd: null, tools: [] }];
    case "message": {
      const text = stringOrNull(line.content);
      if (!text) return [];
      if (line.role === "user") return [{ type: "user_message", text }];
      if (line.role === "assistant") return [{ type: "assistant_text", text, ...(line.delta === true ? { delta: true } : {}) }];
      return [];
    }
    case "tool_use": {
      const tool = stringOrNull(line.tool_name) ?? "tool";
      return [
        {
          type: "tool_call",
          toolUseId: stringOrNull(line.tool_id) ?? "",
          tool,
          input: line.parameters ?? null,
          summary: summarizeTool(GEMINI_TOOLS, tool, line.parameters),
        },
      ];
    }
    case "tool_result": {
      const error = objectOrEmpty(line.error);
      const text = stringOrNull(line.output) ?? stringOrNull(error.message) ?? "";
      const { content, truncated } = capToolOutput(text || (stringOrNull(line.status) ?? ""));
      return [
        {
          type: "tool_result",
          toolUseId: stringOrNull(line.tool_id) ?? "",
          content,
          isError: line.status === "error",
          ...(truncated ? { truncated: true } : {}),
        },
      ];
    }
    case "error":
      return typeof line.message === "string" ? [{ type: "error", severity: line.severity === "error" ? "error" : "warning", message: line.message }] : [];
    case "result": {
      const stats = objectOrEmpty(line.stats);
      const isError = line.status !== "success";
      return [
        {
          type: "result",
          isError,
          text: isError ? (stringOrNull(objectOrEmpty(line.error).message) ?? "") : "",
          costUsd: null,
          usage: { inputTokens: numberOrNull(stats.input_tokens), outputTokens: numberOrNull(stats.output_tokens) },
          durationMs: numberOrNull(stats.duration_ms),
          numTurns: null,
        },
      ];
    }
    default:
      return [];
  }
}
