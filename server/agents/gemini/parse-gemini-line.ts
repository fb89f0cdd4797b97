import type { LineParser, ParsedLine, ResultSignal } from "@/server/agents/types";
import { numberOrNull, objectOrEmpty, parseJsonLine, stringOrNull, tameKind, unparsedLine, type Json } from "@/server/agents/json-line";

// Reads one line of `gemini -o stream-json` (0.61.0). Total: nothing throws.
//
//   {"type":"init","session_id":"<uuid>","model":…}            first line
//   {"type":"message","role":"user"|"assistant","content":…,"delta":true}
//   {"type":"tool_use","tool_name","tool_id","parameters"}
//   {"type":"tool_result","tool_id","status":"success"|"error","output"?,"error"?}
//   {"type":"error","severity","message"}                       a warning, not terminal
//   {"type":"result","status":"success"|"error","error"?,"stats":{input_tokens,output_tokens,duration_ms,…}}
//
// The result's stats are this invocation's. A run killed by a signal may exit
// 0 without a result line: no result means interrupted, whatever the exit code.

export function parseGeminiLine(line: string, options: { truncated?: boolean } = {}): ParsedLine {
  const value = parseJsonLine(line);
  if (!value) return unparsedLine(line, options.truncated);
  return { event: { kind: tameKind(value.type), payload: value }, signals: signalsOf(value) };
}

/** One run's parser: the result names the session the run announced. */
export function createGeminiLineParser(): LineParser {
  let sessionId: string | null = null;
  return (line, options = {}) => {
    const parsed = parseGeminiLine(line, options);
    if (parsed.signals.sessionId && sessionId === null) sessionId = parsed.signals.sessionId;
    if (parsed.signals.result && sessionId !== null) return { ...parsed, signals: { ...parsed.signals, result: { ...parsed.signals.result, sessionId } } };
    return parsed;
  };
}

function signalsOf(line: Json): ParsedLine["signals"] {
  if (line.type === "init") {
    const id = stringOrNull(line.session_id);
    return id ? { sessionId: id } : {};
  }
  if (line.type === "result") return { result: resultSignal(line) };
  return {};
}

function resultSignal(line: Json): ResultSignal {
  const stats = objectOrEmpty(line.stats);
  const isError = line.status !== "success";
  return {
    sessionId: null,
    isError,
    subtype: stringOrNull(line.status),
    errorMessage: isError ? (stringOrNull(objectOrEmpty(line.error).message) ?? "Gemini CLI reported an error") : null,
    usage: { inputTokens: numberOrNull(stats.input_tokens), outputTokens: numberOrNull(stats.output_tokens) },
    costUsd: null,
    durationMs: numberOrNull(stats.duration_ms),
    numTurns: null,
    sessionNotFound: false,
  };
}
