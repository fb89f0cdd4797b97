import type { LogEntry, ToolCallSummary } from "@/lib/executions/log-entries";
import { safeNormalizer } from "@/server/agents/normalizer";
import { capToolOutput } from "@/server/agents/tool-output";
import { compactJson, isObject, numberOrNull, objectOrEmpty, stringOrNull, type Json } from "@/server/agents/json-line";

// Maps one stored `codex exec --json` event to log entries. Codex reports
// each piece of work as an item that is started and later completed:
// a command or a file change shows as a tool call when it starts and as its
// result when it completes; messages, reasoning and notices only when they
// complete. Unknown shapes give no entries.

export const normalizeCodexEvent = safeNormalizer(entriesFor);

function entriesFor(kind: string, line: Json): LogEntry[] {
  switch (kind) {
    case "thread_started":
      return [{ type: "system_init", model: null, cwd: null, tools: [] }];
    case "item_started":
      return startedItem(objectOrEmpty(line.item));
    case "item_completed":
      return completedItem(objectOrEmpty(line.item));
    case "error":
      // Not terminal: retries ("Reconnecting... 2/5") and the provider's error
      // text before a turn.failed both come this way.
      return typeof line.message === "string" ? [{ type: "error", severity: "warning", message: line.message }] : [];
    case "turn_completed":
      // No text: a result's text is the turn's answer wherever Arbor reads one
      // back (the summary, get_session for an agent consulting Arbor), and
      // Codex's answer is its last message. Its usage is the thread's running
      // total, not this turn's: the execution's usage holds the turn's share.
      return [{ type: "result", isError: false, text: "", costUsd: null, usage: { inputTokens: null, outputTokens: null }, durationMs: null, numTurns: null }];
    case "turn_failed": {
      const message = stringOrNull(objectOrEmpty(line.error).message) ?? "The turn failed";
      return [
        { type: "result", isError: true, text: message, costUsd: null, usage: { inputTokens: null, outputTokens: null }, durationMs: null, numTurns: null },
      ];
    }
    default:
      return [];
  }
}

function startedItem(item: Json): LogEntry[] {
  const id = stringOrNull(item.id) ?? "";
  switch (item.type) {
    case "command_execution": {
      const command = stringOrNull(item.command) ?? "";
      return [{ type: "tool_call", toolUseId: id, tool: "command_execution", input: { command }, summary: { kind: "command", command } }];
    }
    case "file_change":
      return [{ type: "tool_call", toolUseId: id, tool: "file_change", input: { changes: item.changes ?? [] }, summary: changesSummary(item.changes) }];
    case "mcp_tool_call": {
      const tool = [stringOrNull(item.server), stringOrNull(item.tool)].filter(Boolean).join(".") || "mcp_tool_call";
      return [{ type: "tool_call", toolUseId: id, tool, input: item.arguments ?? null, summary: { kind: "other", text: compactJson(item.arguments) } }];
    }
    case "web_search": {
      const query = stringOrNull(item.query) ?? "";
      return [{ type: "tool_call", toolUseId: id, tool: "web_search", input: { query }, summary: { kind: "web", target: query } }];
    }
    default:
      return [];
  }
}

function completedItem(item: Json): LogEntry[] {
  const id = stringOrNull(item.id) ?? "";
  switch (item.type) {
    case "agent_message":
      return typeof item.text === "string" && item.text !== "" ? [{ type: "assistant_text", text: item.text }] : [];
    case "reasoning":
      return typeof item.text === "string" && item.text !== "" ? [{ type: "thinking", text: item.text }] : [];
    case "error":
      return typeof item.message === "string" ? [{ type: "error", severity: "warning", message: item.message }] : [];
    case "command_execution": {
      const exitCode = numberOrNull(item.exit_code);
      return [toolResult(id, stringOrNull(item.aggregated_output) ?? "", item.status === "failed" || (exitCode !== null && exitCode !== 0))];
    }
    case "file_change":
      return [toolResult(id, changesText(item.changes), item.status === "failed")];
    case "mcp_tool_call": {
      const error = stringOrNull(objectOrEmpty(item.error).message);
      return [toolResult(id, error ?? mcpResultText(item.result), item.status === "failed" || error !== null)];
    }
    case "todo_list": {
      const items = Array.isArray(item.items) ? item.items.filter(isObject) : [];
      const text = items.map((todo) => `${todo.completed === true ? "[x]" : "[ ]"} ${stringOrNull(todo.text) ?? ""}`).join("\n");
      return text ? [{ type: "tool_call", toolUseId: id, tool: "todo_list", input: { items }, summary: { kind: "other", text } }] : [];
    }
    default:
      return [];
  }
}

function toolResult(toolUseId: string, text: string, isError: boolean): LogEntry {
  const { content, truncated } = capToolOutput(text);
  return { type: "tool_result", toolUseId, content, isError, ...(truncated ? { truncated: true } : {}) };
}

/**
 * The text an MCP tool answered (`result.content[].text`, what the model
 * read), not the JSON around it: compactJson would cut Arbor's answers at
 * 300 characters and repeat them in `structured_content`.
 */
function mcpResultText(result: unknown): string {
  const content = objectOrEmpty(result).content;
  const texts = (Array.isArray(content) ? content.filter(isObject) : []).map((part) => stringOrNull(part.text)).filter((text) => text !== null);
  return texts.length ? texts.join("\n") : compactJson(result);
}

/** "add /w/notes.md" per line: Codex reports which files changed and how, not the diff. */
function changesText(changes: unknown): string {
  return (Array.isArray(changes) ? changes.filter(isObject) : [])
    .map((change) => `${stringOrNull(change.kind) ?? "change"} ${stringOrNull(change.path) ?? ""}`.trim())
    .join("\n");
}

function changesSummary(changes: unknown): ToolCallSummary {
  return { kind: "other", text: changesText(changes) || "file change" };
}
