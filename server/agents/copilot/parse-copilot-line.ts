import type { LineParser, ParsedLine, ResultSignal } from "@/server/agents/types";
import { numberOrNull, objectOrEmpty, parseJsonLine, stringOrNull, tameKind, unparsedLine, type Json } from "@/server/agents/json-line";
import { UUID } from "@/server/agents/launch-args";

// Reads one line of `copilot --output-format json` (1.0.102). Total.
//
//   {"type":"session.skills_loaded"|"session.tools_updated"|…,"data":{…}}
//   {"type":"user.message","data":{"content",…}}
//   {"type":"assistant.turn_start"} {"type":"assistant.message_delta","ephemeral":true,…}
//   {"type":"assistant.message","data":{"content","toolRequests":[{toolCallId,name,arguments}]}}
//   {"type":"tool.execution_start"|"tool.execution_complete","data":{toolCallId,success,result|error}}
//   {"type":"session.error","data":{"message","statusCode"}}     the reason of a failed turn
//   {"type":"abort","data":{"reason":"user_initiated"|"user_abort"}}   on SIGTERM
//   {"type":"result","sessionId":"<uuid>","exitCode":0|1,"usage":{premiumRequests,…}}   last line
//
// The session id is only in the result. After a SIGTERM Copilot may still
// print a result with exitCode 0 (seen twice in five kills): the run's parser
// remembers the abort and reports no result then, so the run counts as
// interrupted; the session id it names is still taken (the session exists).

export function parseCopilotLine(line: string, options: { truncated?: boolean } = {}): ParsedLine {
  const value = parseJsonLine(line);
  if (!value) return unparsedLine(line, options.truncated);
  return { event: { kind: tameKind(value.type), payload: value }, signals: signalsOf(value, { aborted: false, lastError: null }) };
}

export function createCopilotLineParser(): LineParser {
  const run = { aborted: false, lastError: null as string | null };
  return (line, options = {}) => {
    const value = parseJsonLine(line);
    if (!value) return unparsedLine(line, options.truncated);
    if (value.type === "abort") run.aborted = true;
    if (value.type === "session.error") run.lastError = stringOrNull(objectOrEmpty(value.data).message) ?? run.lastError;
    return { event: { kind: tameKind(value.type), payload: value }, signals: signalsOf(value, run) };
  };
}

function signalsOf(line: Json, run: { aborted: boolean; lastError: string | null }): ParsedLine["signals"] {
  if (line.type !== "result") return {};
  const sessionId = stringOrNull(line.sessionId);
  const signals: ParsedLine["signals"] = sessionId && UUID.test(sessionId) ? { sessionId } : {};
  if (!run.aborted) signals.result = resultSignal(line, signals.sessionId ?? null, run.lastError);
  return signals;
}

function resultSignal(line: Json, sessionId: string | null, lastError: string | null): ResultSignal {
  const exitCode = numberOrNull(line.exitCode);
  const isError = exitCode !== 0;
  return {
    sessionId,
    isError,
    subtype: exitCode === null ? null : `exit_${exitCode}`,
    errorMessage: isError ? (lastError ?? `Copilot CLI ended with exit code ${exitCode ?? "unknown"}`) : null,
    // Tokens are not in the stream: see readCopilotUsageFile.
    usage: { inputTokens: null, outputTokens: null },
    costUsd: null,
    durationMs: numberOrNull(objectOrEmpty(line.usage).sessionDurationMs),
    numTurns: null,
    sessionNotFound: false,
  };
}
