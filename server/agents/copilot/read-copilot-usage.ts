import type { UsageSignal } from "@/server/agents/types";
import { isObject, numberOrNull, objectOrEmpty, parseJsonLine } from "@/server/agents/json-line";

// The file `--usage-output-file` writes when a run ends (1.0.102):
//   {"modelMetrics":{"<model>":{"requests":{count,cost},"usage":{inputTokens,outputTokens,cacheReadTokens,cacheWriteTokens}}},…}
// The counts are the session's running total (3 requests after a third turn).
// Input counts cache reads and writes too, as for the other agents.

export function readCopilotUsageFile(text: string): UsageSignal | null {
  const file = parseJsonLine(text.trim());
  if (!file || !isObject(file.modelMetrics)) return null;
  let input = 0;
  let output = 0;
  let seen = false;
  for (const metrics of Object.values(file.modelMetrics)) {
    const usage = objectOrEmpty(objectOrEmpty(metrics).usage);
    const parts = [usage.inputTokens, usage.cacheReadTokens, usage.cacheWriteTokens].map(numberOrNull);
    const out = numberOrNull(usage.outputTokens);
    if (parts[0] === null && out === null) continue;
    seen = true;
    input += parts.reduce<number>((sum, part) => sum + (part ?? 0), 0);
    output += out ?? 0;
  }
  return seen ? { inputTokens: input, outputTokens: output } : null;
}
