import type { LogEntry } from "@/lib/executions/log-entries";
import type { AgentEvent } from "@/server/agents/types";
import { objectOrEmpty, type Json } from "@/server/agents/json-line";

// What every agent's normalizer shares: stored payloads may come from any CLI
// version, so a malformed one gives no entries instead of breaking the log
// view, and a line that was not JSON is shown as it came.

export function safeNormalizer(entriesFor: (kind: string, payload: Json) => LogEntry[]): (event: AgentEvent) => LogEntry[] {
  return (event) => {
    try {
      const payload = objectOrEmpty(event.payload);
      if (event.kind === "unparsed") {
        const raw = typeof payload.raw === "string" ? payload.raw : "";
        return raw.trim() ? [{ type: "unparsed", raw, ...(payload.truncated === true ? { truncated: true } : {}) }] : [];
      }
      return entriesFor(event.kind, payload);
    } catch {
      return [];
    }
  };
}
