import type { LineSignals, ParsedLine, ResultSignal } from "@/server/agents/types";
import { readClaudeUsage } from "@/server/agents/claude/read-claude-usage";

// Reads one line of `claude -p --output-format stream-json --verbose`. Total:
// any input gives an event; nothing here throws.
//
// Line shapes verified on Claude Code 2.1.330:
// - First line {"type":"system","subtype":"init","session_id",…,"uuid"} (the
//   uuid there is the init event's own, not a message's).
// - One {"type":"assistant","message":{…},"uuid","session_id",
//   "parent_tool_use_id"} line per content block: a reply with text and a
//   tool call gives two lines that share message.id but have their own
//   top-level `uuid`. That top-level uuid is what --resume-session-at takes.
// - {"type":"user"} lines carry tool results; {"type":"stream_event"} lines
//   only appear with --include-partial-messages: one per API stream event
//   (message_start, content_block_delta {text_delta}, …), the complete
//   assistant line still follows.
// - A result lists the tool calls the agent was refused in
//   `permission_denials` (a call its mode refused, or a person denied).
// - API failures come as an assistant line with message.model "<synthetic>"
//   ("API Error: 400 …") followed by a result with is_error true and
//   subtype "success".
// - Launch failures (unknown --resume id, unknown --resume-session-at uuid)
//   print only a result: subtype "error_during_execution", num_turns 0,
//   errors ["No conversation found with session ID: <id>"], and the same text
//   on stderr. Its session_id is not a session that exists (the requested id,
//   the would-be fork id, or a fresh random one for a non-UUID --resume), so
//   it is not reported.

export const SESSION_NOT_FOUND = /No conversation found with session ID/i;

/**
 * The conversation no longer fits the model's context window: the API's 400
 * "prompt is too long: N tokens > M maximum", which Claude Code reports as
 * its result ("Prompt is too long"), or its own wording of the same.
 */
export const CONTEXT_EXCEEDED = /prompt is too long|context window (?:exceeded|limit)|exceeds? the (?:model'?s )?(?:maximum )?context/i;

type Json = Record<string, unknown>;

export function parseClaudeLine(line: string, options: { truncated?: boolean } = {}): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return unparsed(line, options.truncated);
  }
  if (!isObject(value)) return unparsed(line, options.truncated);
  if (value.type === "stream_event") return partialMessage(value);
  return { event: { kind: kindOf(value), payload: value }, signals: signalsOf(value) };
}

/**
 * A --include-partial-messages line: a piece of the main conversation's text
 * becomes a `text_draft` event (shown while the agent writes, superseded by
 * the complete assistant line that follows); everything else about it
 * (message_start, content_block_stop, a sub-agent's pieces …) is transient.
 */
function partialMessage(line: Json): ParsedLine {
  const event = isObject(line.event) ? line.event : {};
  const delta = isObject(event.delta) ? event.delta : {};
  const mainThread = line.parent_tool_use_id === null || line.parent_tool_use_id === undefined;
  if (mainThread && event.type === "content_block_delta" && delta.type === "text_delta" && typeof delta.text === "string") {
    return { event: { kind: "text_draft", payload: { text: delta.text } }, signals: { transient: true } };
  }
  return { event: { kind: "stream_event", payload: line }, signals: { transient: true } };
}

function unparsed(line: string, truncated: boolean | undefined): ParsedLine {
  return { event: { kind: "unparsed", payload: truncated ? { raw: line, truncated: true } : { raw: line } }, signals: {} };
}

/**
 * "system_<subtype>" for system lines (system_init, system_api_retry, …),
 * otherwise the line's type (assistant, user, result, stream_event, …).
 * Reduced to [a-z0-9_] so a stored kind is always a tame identifier.
 */
export function kindOf(line: Json): string {
  const type = typeof line.type === "string" ? line.type : "unknown";
  const raw = type === "system" && typeof line.subtype === "string" ? `system_${line.subtype}` : type;
  const kind = raw
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .slice(0, 64);
  return kind || "unknown";
}

function signalsOf(line: Json): LineSignals {
  if (line.type === "system" && line.subtype === "init") {
    return typeof line.session_id === "string" && line.session_id ? { sessionId: line.session_id } : {};
  }
  if (line.type === "assistant") {
    const message = isObject(line.message) ? line.message : {};
    // Sub-agent messages live in their own transcript, and synthetic ones are
    // the CLI's own error notes: neither is a point to branch the main session at.
    const mainThread = line.parent_tool_use_id === null || line.parent_tool_use_id === undefined;
    const synthetic = message.model === "<synthetic>";
    if (typeof line.uuid === "string" && line.uuid && mainThread && !synthetic) {
      return { assistantMessageId: line.uuid };
    }
    return {};
  }
  if (line.type === "result") return { result: resultSignal(line) };
  return {};
}

function resultSignal(line: Json): ResultSignal {
  const errors = Array.isArray(line.errors) ? line.errors.filter((e): e is string => typeof e === "string") : [];
  const isError = line.is_error === true;
  const errorMessage = errors.length > 0 ? errors.join("\n") : isError && typeof line.result === "string" ? line.result : null;
  const sessionNotFound = errors.some((e) => SESSION_NOT_FOUND.test(e));
  // Errors reported before the first turn mean no session was created or
  // resumed: the id on this line is not one to keep.
  const failedBeforeStart = errors.length > 0 && (line.num_turns === 0 || line.num_turns === undefined);
  return {
    sessionId: !failedBeforeStart && typeof line.session_id === "string" && line.session_id ? line.session_id : null,
    isError,
    subtype: typeof line.subtype === "string" ? line.subtype : null,
    errorMessage,
    usage: readClaudeUsage(line.usage),
    costUsd: numberOrNull(line.total_cost_usd),
    durationMs: numberOrNull(line.duration_ms),
    numTurns: numberOrNull(line.num_turns),
    sessionNotFound,
    refusedActions: Array.isArray(line.permission_denials) ? line.permission_denials.length : null,
    contextExceeded: isError && [errorMessage ?? "", typeof line.result === "string" ? line.result : ""].some((text) => CONTEXT_EXCEEDED.test(text)),
  };
}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
