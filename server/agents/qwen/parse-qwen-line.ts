import type { ParsedLine, ResultSignal } from "@/server/agents/types";
import { kindOf } from "@/server/agents/claude/parse-claude-line";
import { readClaudeUsage } from "@/server/agents/claude/read-claude-usage";
import { numberOrNull, objectOrEmpty, parseJsonLine, stringOrNull, unparsedLine, type Json } from "@/server/agents/json-line";

// Reads one line of `qwen --output-format stream-json` (0.24.4), a copy of
// Claude Code's shape:
//   {"type":"system","subtype":"init","session_id",…}       first line
//   {"type":"stream_event",…} {"type":"assistant","message":{content:[…]}} {"type":"user",…tool_result…}
//   {"type":"result","subtype":"success"|"error_during_execution","is_error","session_id","usage",
//    "error":{"message"}?,"num_turns","duration_ms"}
// Differences that matter: the result's usage is the session's running total
// (restored history and the background memory-extraction calls included: 22,
// then 44 after a resume, 66 on a fork of it), and zero on an error; failures
// say why in `error.message`; an unknown session is only reported on stderr.

export function parseQwenLine(line: string, options: { truncated?: boolean } = {}): ParsedLine {
  const value = parseJsonLine(line);
  if (!value) return unparsedLine(line, options.truncated);
  return { event: { kind: kindOf(value), payload: value }, signals: signalsOf(value) };
}

function signalsOf(line: Json): ParsedLine["signals"] {
  if (line.type === "system" && line.subtype === "init") {
    const id = stringOrNull(line.session_id);
    return id ? { sessionId: id } : {};
  }
  if (line.type === "result") return { result: resultSignal(line) };
  return {};
}

function resultSignal(line: Json): ResultSignal {
  const isError = line.is_error === true;
  return {
    sessionId: stringOrNull(line.session_id),
    isError,
    subtype: stringOrNull(line.subtype),
    errorMessage: isError ? (stringOrNull(objectOrEmpty(line.error).message) ?? stringOrNull(line.result) ?? "Qwen Code reported an error") : null,
    // An error's usage is all zeros, not a running total: unknown rather than 0.
    usage: isError ? { inputTokens: null, outputTokens: null } : readClaudeUsage(line.usage),
    costUsd: null,
    durationMs: numberOrNull(line.duration_ms),
    numTurns: numberOrNull(line.num_turns),
    sessionNotFound: false,
  };
}
