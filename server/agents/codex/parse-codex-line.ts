import type { LineParser, ParsedLine, ResultSignal, UsageSignal } from "@/server/agents/types";
import { numberOrNull, objectOrEmpty, parseJsonLine, stringOrNull, tameKind, unparsedLine, type Json } from "@/server/agents/json-line";

// Reads one line of `codex exec --json` (0.169.0). Total: any input gives an
// event, nothing throws.
//
//   {"type":"thread.started","thread_id":"<uuid>"}        first line, before any model call
//   {"type":"turn.started"}
//   {"type":"item.started"|"item.updated"|"item.completed","item":{"id","type",…}}
//       item types: agent_message, reasoning, command_execution, file_change,
//       mcp_tool_call, web_search, todo_list, error (a notice, e.g. unknown model metadata)
//   {"type":"error","message":…}                          NOT terminal: also "Reconnecting... 2/5"
//   {"type":"turn.completed","usage":{input_tokens,cached_input_tokens,output_tokens,…}}
//   {"type":"turn.failed","error":{"message":…}}          the only terminal failure
//
// The usage of turn.completed is the thread's running total (11, then 22
// after a resume, 33 on a fork of that): the agent says usageReporting
// "session-total". Result lines name no thread; the per-run parser carries
// the announced thread id into the result.

export function parseCodexLine(line: string, options: { truncated?: boolean } = {}): ParsedLine {
  const value = parseJsonLine(line);
  if (!value) return unparsedLine(line, options.truncated);
  return { event: { kind: tameKind(value.type), payload: value }, signals: signalsOf(value, null) };
}

/** One run's parser: results name the thread the run announced. */
export function createCodexLineParser(): LineParser {
  let threadId: string | null = null;
  return (line, options = {}) => {
    const parsed = parseCodexLine(line, options);
    if (parsed.signals.sessionId && threadId === null) threadId = parsed.signals.sessionId;
    if (parsed.signals.result && threadId !== null) {
      return { ...parsed, signals: { ...parsed.signals, result: { ...parsed.signals.result, sessionId: threadId } } };
    }
    return parsed;
  };
}

function signalsOf(line: Json, threadId: string | null): ParsedLine["signals"] {
  switch (line.type) {
    case "thread.started": {
      const id = stringOrNull(line.thread_id);
      return id ? { sessionId: id } : {};
    }
    case "turn.completed":
      return { result: result(threadId, false, null, readCodexUsage(line.usage)) };
    case "turn.failed": {
      const message = stringOrNull(objectOrEmpty(line.error).message) ?? "Codex reported a failed turn";
      return { result: result(threadId, true, message, { inputTokens: null, outputTokens: null }) };
    }
    default:
      return {};
  }
}

function result(sessionId: string | null, isError: boolean, errorMessage: string | null, usage: UsageSignal): ResultSignal {
  return {
    sessionId,
    isError,
    subtype: isError ? "turn_failed" : "turn_completed",
    errorMessage,
    usage: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens },
    costUsd: null,
    durationMs: null,
    numTurns: null,
    sessionNotFound: false,
  };
}

/** input_tokens already includes the cached part; output_tokens the reasoning part. */
export function readCodexUsage(usage: unknown): UsageSignal {
  const fields = objectOrEmpty(usage);
  return { inputTokens: numberOrNull(fields.input_tokens), outputTokens: numberOrNull(fields.output_tokens) };
}
