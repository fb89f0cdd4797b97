import type { LineParser, ParsedLine, ResultSignal, UsageSignal } from "@/server/agents/types";
import { numberOrNull, objectOrEmpty, parseJsonLine, stringOrNull, tameKind, unparsedLine, type Json } from "@/server/agents/json-line";

// Reads one line of `opencode run --format json` (1.18.33). Total.
//
//   {"type":"step_start"|"text"|"tool_use"|"reasoning"|"step_finish"|"error","sessionID":"ses_…","part":{…}}
//
// Every line names the session; there is no init line, and nothing is printed
// before the model starts answering. There is no result line either: a step
// ends with step_finish (reason "tool-calls" when tools run next, "stop" when
// the turn is done) carrying that step's tokens and cost, and a failure is an
// `error` line. So the run's parser sums the steps and reports a result at a
// step_finish that ends the turn, or at an error.

export function parseOpencodeLine(line: string, options: { truncated?: boolean } = {}): ParsedLine {
  const value = parseJsonLine(line);
  if (!value) return unparsedLine(line, options.truncated);
  return { event: { kind: tameKind(value.type), payload: value }, signals: signalsOf(value, null) };
}

/** One run's parser: a result carries the usage and cost of all the run's steps. */
export function createOpencodeLineParser(): LineParser {
  const total = { inputTokens: 0, outputTokens: 0, costUsd: 0, steps: 0 };
  return (line, options = {}) => {
    const value = parseJsonLine(line);
    if (!value) return unparsedLine(line, options.truncated);
    if (value.type === "step_finish") {
      const step = readStepUsage(objectOrEmpty(value.part));
      total.inputTokens += step.inputTokens ?? 0;
      total.outputTokens += step.outputTokens ?? 0;
      total.costUsd += step.costUsd ?? 0;
      total.steps += 1;
    }
    return { event: { kind: tameKind(value.type), payload: value }, signals: signalsOf(value, total) };
  };
}

function signalsOf(line: Json, total: { inputTokens: number; outputTokens: number; costUsd: number } | null): ParsedLine["signals"] {
  const sessionId = stringOrNull(line.sessionID);
  const signals: ParsedLine["signals"] = sessionId ? { sessionId } : {};
  const part = objectOrEmpty(line.part);
  if (line.type === "step_finish" && part.reason !== "tool-calls") {
    const usage = total ?? readStepUsage(part);
    signals.result = result(sessionId, false, null, stringOrNull(part.reason), usage);
  } else if (line.type === "error") {
    const error = objectOrEmpty(line.error);
    const message = stringOrNull(objectOrEmpty(error.data).message) ?? stringOrNull(error.name) ?? "opencode reported an error";
    signals.result = result(sessionId, true, message, "error", total ?? { inputTokens: null, outputTokens: null, costUsd: null });
  }
  return signals;
}

function result(sessionId: string | null, isError: boolean, errorMessage: string | null, subtype: string | null, usage: UsageSignal): ResultSignal {
  return {
    sessionId,
    isError,
    subtype,
    errorMessage,
    usage: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens },
    costUsd: usage.costUsd ?? null,
    durationMs: null,
    numTurns: null,
    sessionNotFound: false,
  };
}

/** A step's tokens: input counts cache reads and writes too, output counts reasoning. */
export function readStepUsage(part: Json): UsageSignal {
  const tokens = objectOrEmpty(part.tokens);
  const cache = objectOrEmpty(tokens.cache);
  const input = numberOrNull(tokens.input);
  const output = numberOrNull(tokens.output);
  return {
    inputTokens: input === null ? null : input + (numberOrNull(cache.read) ?? 0) + (numberOrNull(cache.write) ?? 0),
    outputTokens: output === null ? null : output + (numberOrNull(tokens.reasoning) ?? 0),
    costUsd: numberOrNull(part.cost),
  };
}
