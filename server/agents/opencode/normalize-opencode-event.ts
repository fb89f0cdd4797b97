import type { LogEntry } from "@/lib/executions/log-entries";
import { objectOrEmpty, stringOrNull, type Json } from "@/server/agents/json-line";
import { summarizeTool, type ToolTable } from "@/server/agents/summarize-tool";
import { safeNormalizer } from "@/server/agents/normalizer";
import { capToolOutput } from "@/server/agents/tool-output";

// Maps one stored opencode event to log entries. A tool_use line holds the
// whole call (input, and output or error), so it gives both the call and its
// result. A step that ends the turn shows as the result; its figures are the
// run's totals only in the execution's usage (the parser sums the steps).

export const OPENCODE_TOOLS: ToolTable = {
  bash: { kind: "command", command: "command", description: "description" },
  read: { kind: "file_read", path: "filePath" },
  list: { kind: "file_read", path: "path" },
  write: { kind: "file_write", path: "filePath", content: "content" },
  edit: { kind: "file_edit", path: "filePath", oldString: "oldString", newString: "newString", replaceAll: "replaceAll" },
  grep: { kind: "search", pattern: "pattern", path: "path" },
  glob: { kind: "search", pattern: "pattern", path: "path" },
  webfetch: { kind: "web", target: ["url"] },
  task: { kind: "task", description: ["description", "prompt"] },
};

export const normalizeOpencodeEvent = safeNormalizer(entriesFor);

function entriesFor(kind: string, line: Json): LogEntry[] {
  const part = objectOrEmpty(line.part);
  switch (kind) {
    case "text":
      return typeof part.text === "string" && part.text !== "" ? [{ type: "assistant_text", text: part.text }] : [];
    case "reasoning":
      return typeof part.text === "string" && part.text !== "" ? [{ type: "thinking", text: part.text }] : [];
    case "tool_use":
      return toolEntries(part);
    case "step_finish":
      if (part.reason === "tool-calls") return [];
      return [{ type: "result", isError: false, text: "", costUsd: null, usage: { inputTokens: null, outputTokens: null }, durationMs: null, numTurns: null }];
    case "error": {
      const error = objectOrEmpty(line.error);
      const message = stringOrNull(objectOrEmpty(error.data).message) ?? stringOrNull(error.name) ?? "opencode reported an error";
      return [
        { type: "result", isError: true, text: message, costUsd: null, usage: { inputTokens: null, outputTokens: null }, durationMs: null, numTurns: null },
      ];
    }
    default:
      return [];
  }
}

function toolEntries(part: Json): LogEntry[] {
  const tool = stringOrNull(part.tool) ?? "tool";
  const toolUseId = stringOrNull(part.callID) ?? stringOrNull(part.id) ?? "";
  const state = objectOrEmpty(part.state);
  const call: LogEntry = { type: "tool_call", toolUseId, tool, input: state.input ?? null, summary: summarizeTool(OPENCODE_TOOLS, tool, state.input) };
  if (state.status !== "completed" && state.status !== "error") return [call];
  const { content, truncated } = capToolOutput(stringOrNull(state.output) ?? stringOrNull(state.error) ?? "");
  return [call, { type: "tool_result", toolUseId, content, isError: state.status === "error", ...(truncated ? { truncated: true } : {}) }];
}
