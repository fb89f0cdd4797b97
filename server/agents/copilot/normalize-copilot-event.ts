import type { LogEntry } from "@/lib/executions/log-entries";
import { isObject, numberOrNull, objectOrEmpty, stringOrNull, type Json } from "@/server/agents/json-line";
import { summarizeTool, type ToolTable } from "@/server/agents/summarize-tool";
import { safeNormalizer } from "@/server/agents/normalizer";
import { capToolOutput } from "@/server/agents/tool-output";

// Maps one stored Copilot CLI event to log entries. A reply's text and the
// tool calls it makes come in one assistant.message; each call's outcome in
// tool.execution_complete. Streaming deltas and status pings give nothing
// (the whole message follows).

export const COPILOT_TOOLS: ToolTable = {
  bash: { kind: "command", command: "command", description: "description" },
  view: { kind: "file_read", path: "path" },
  create: { kind: "file_write", path: "path", content: "file_text" },
  edit: { kind: "file_edit", path: "path", oldString: "old_str", newString: "new_str" },
  grep: { kind: "search", pattern: "pattern", path: "paths" },
  glob: { kind: "search", pattern: "pattern", path: "paths" },
  web_fetch: { kind: "web", target: ["url"] },
  task: { kind: "task", description: ["description", "prompt"] },
};

export const normalizeCopilotEvent = safeNormalizer(entriesFor);

function entriesFor(kind: string, line: Json): LogEntry[] {
  const data = objectOrEmpty(line.data);
  switch (kind) {
    case "user_message": {
      const text = stringOrNull(data.content);
      return text ? [{ type: "user_message", text }] : [];
    }
    case "assistant_message": {
      const text = stringOrNull(data.content);
      const calls = (Array.isArray(data.toolRequests) ? data.toolRequests.filter(isObject) : []).map((call): LogEntry => {
        const tool = stringOrNull(call.name) ?? "tool";
        return {
          type: "tool_call",
          toolUseId: stringOrNull(call.toolCallId) ?? "",
          tool,
          input: call.arguments ?? null,
          summary: summarizeTool(COPILOT_TOOLS, tool, call.arguments),
        };
      });
      return [...(text ? [{ type: "assistant_text" as const, text }] : []), ...calls];
    }
    case "tool_execution_complete": {
      const result = objectOrEmpty(data.result);
      const text = stringOrNull(result.content) ?? stringOrNull(objectOrEmpty(data.error).message) ?? "";
      const { content, truncated } = capToolOutput(text);
      return [
        {
          type: "tool_result",
          toolUseId: stringOrNull(data.toolCallId) ?? "",
          content,
          isError: data.success !== true,
          ...(truncated ? { truncated: true } : {}),
        },
      ];
    }
    case "session_error":
      return [{ type: "error", message: stringOrNull(data.message) ?? "Copilot CLI reported an error" }];
    case "abort":
      return [{ type: "error", severity: "warning", message: `Aborted (${stringOrNull(data.reason) ?? "no reason given"})` }];
    case "result": {
      const exitCode = numberOrNull(line.exitCode);
      return [
        {
          type: "result",
          isError: exitCode !== 0,
          text: "",
          costUsd: null,
          usage: { inputTokens: null, outputTokens: null },
          durationMs: numberOrNull(objectOrEmpty(line.usage).sessionDurationMs),
          numTurns: null,
        },
      ];
    }
    default:
      return [];
  }
}
