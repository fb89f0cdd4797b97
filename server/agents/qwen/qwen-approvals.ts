import type { ToolCallSubject } from "@/lib/permissions/rules";
import { claudeStreamInput } from "@/server/agents/claude/claude-stream-input";
import type { ApprovalProtocol, ApprovalSignal, StreamInputProtocol } from "@/server/agents/types";

// Qwen Code's live channel: `--input-format stream-json --output-format
// stream-json`, Claude Code's control protocol. Verified against Qwen Code
// 0.24.4 with the Chat-Completions stand-in:
// - stdin first takes {"type":"control_request","request_id":…,"request":
//   {"subtype":"initialize","timeout":{"canUseTool":<ms>}}}; without it Qwen
//   never asks (the tool call just waits). It answers with a control_response.
// - Then the prompt as a user message (Claude's shape); in auto-edit, edits
//   run and a shell command prints
//   {"type":"control_request","request_id":<uuid>,"request":{"subtype":"can_use_tool",
//    "tool_name":"run_shell_command","tool_use_id":…,"input":{"command":…},
//    "permission_suggestions":[{"type":"allow","label":…,"description":…},…],"blocked_path":null}}
//   and waits for {"type":"control_response","response":{"subtype":"success",
//   "request_id":…,"response":{"behavior":"allow","updatedInput":…}}} (the
//   command ran, its output reached the model) or {"behavior":"deny",
//   "message":…} (the model got "[Operation Cancelled] Reason: <message>").
// - It waits timeout.canUseTool ms, 600 000 at most, then cancels the tool
//   itself ("Control request timeout").
// - Every turn ends with a `result` line; closing stdin after it ends the
//   process (exit 0). No lifecycle lines: the turn ends at its result.

const MAX_WAIT_MS = 600_000;

/** Qwen's tool names → Claude Code's (Arbor's rule vocabulary), with the input field rules match on. */
const ARBOR_TOOLS: Record<string, { tool: string; field: string | null }> = {
  run_shell_command: { tool: "Bash", field: "command" },
  edit: { tool: "Edit", field: "file_path" },
  write_file: { tool: "Write", field: "file_path" },
  notebook_edit: { tool: "NotebookEdit", field: "notebook_path" },
  read_file: { tool: "Read", field: "file_path" },
  grep_search: { tool: "Grep", field: null },
  glob: { tool: "Glob", field: null },
  list_directory: { tool: "LS", field: "path" },
  web_fetch: { tool: "WebFetch", field: "url" },
};

type Json = Record<string, unknown>;

const MCP_TOOL = /^mcp__[A-Za-z0-9_-]+__[A-Za-z0-9_-]+$/;

function parseObject(line: string): Json | null {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

/** The call in Arbor's vocabulary: a URL becomes "domain:<host>", as WebFetch rules name it. */
export function qwenToolSubject(toolName: string, input: unknown): ToolCallSubject {
  const known = ARBOR_TOOLS[toolName];
  if (!known) return { tool: toolName, argument: null };
  const value = known.field && input && typeof input === "object" ? (input as Json)[known.field] : undefined;
  if (typeof value !== "string") return { tool: known.tool, argument: null };
  if (known.tool !== "WebFetch") return { tool: known.tool, argument: value };
  try {
    return { tool: known.tool, argument: `domain:${new URL(value).hostname}` };
  } catch {
    return { tool: known.tool, argument: null };
  }
}

export const qwenApprovals: ApprovalProtocol = {
  parse(line) {
    // Called on every line: only control requests are parsed.
    if (!line.includes('"can_use_tool"')) return null;
    const value = parseObject(line);
    if (value?.type !== "control_request" || typeof value.request_id !== "string") return null;
    const request = value.request as Json | undefined;
    if (request?.subtype !== "can_use_tool" || typeof request.tool_name !== "string") return null;
    const subject = qwenToolSubject(request.tool_name, request.input);
    const signal: ApprovalSignal = {
      requestId: value.request_id,
      kind: request.tool_name === "ask_user_question" ? "question" : "tool",
      toolName: request.tool_name,
      input: request.input ?? null,
      toolUseId: typeof request.tool_use_id === "string" ? request.tool_use_id : null,
      // Qwen's suggestions are button labels, not rules: suggest the exact command, or an MCP tool by its name
      // (Qwen names it mcp__<server>__<tool>, as Arbor's rules do; Arbor's own are allowed up front and never asked).
      suggestedRules: subject.tool === "Bash" && subject.argument ? [`Bash(${subject.argument})`] : MCP_TOOL.test(subject.tool) ? [subject.tool] : [],
      reason: null,
      subject,
    };
    return signal;
  },
  answer(request, answer) {
    const response = answer.behavior === "allow" ? { behavior: "allow", updatedInput: answer.updatedInput } : { behavior: "deny", message: answer.message };
    return `${JSON.stringify({ type: "control_response", response: { subtype: "success", request_id: request.requestId, response } })}\n`;
  },
  initialize(requestId) {
    return `${JSON.stringify({ type: "control_request", request_id: requestId, request: { subtype: "initialize", timeout: { canUseTool: MAX_WAIT_MS } } })}\n`;
  },
  maxWaitMs: MAX_WAIT_MS,
};

/** User messages on stdin, for a launch that must keep stdin open (ask): Claude Code's lines, read the same way. */
export const qwenStreamInput: StreamInputProtocol = {
  // One turn per process (a later message was not verified as a later turn): never kept warm.
  reusable: false,
  userMessage: claudeStreamInput.userMessage,
  interrupt: claudeStreamInput.interrupt,
  classify(line) {
    if (line.includes('"type":"result"')) {
      const value = parseObject(line);
      return value?.type === "result" ? { turnEnded: { totalCostUsd: null } } : null;
    }
    if (line.includes('"subtype":"init"')) {
      const value = parseObject(line);
      return value?.type === "system" && value.subtype === "init" && typeof value.session_id === "string" ? { sessionId: value.session_id } : null;
    }
    return null;
  },
};
