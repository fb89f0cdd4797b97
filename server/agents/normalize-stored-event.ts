import type { LogEntry } from "@/lib/executions/log-entries";
import { getAgentDefinition } from "@/server/agents/registry";

// Maps any stored execution event to log entries, whichever stream it came
// from: the agent's stdout (the agent's own normalizer), its stderr, or
// Arbor's own notes about the run ("arbor": error, warning, launch, …).

export interface StoredEvent {
  stream: string;
  kind: string;
  payload: unknown;
}

export function normalizeStoredEvent(agentId: string, event: StoredEvent): LogEntry[] {
  const payload = typeof event.payload === "object" && event.payload !== null ? (event.payload as Record<string, unknown>) : {};
  switch (event.stream) {
    case "stderr":
      return typeof payload.text === "string" && payload.text !== "" ? [{ type: "stderr", text: payload.text }] : [];
    case "arbor":
      if ((event.kind === "error" || event.kind === "warning") && typeof payload.message === "string") {
        return [{ type: "error", message: payload.message, severity: event.kind }];
      }
      return [];
    case "stdout": {
      const agent = getAgentDefinition(agentId);
      if (agent) return agent.normalize({ kind: event.kind, payload: event.payload });
      return [{ type: "unparsed", raw: safeStringify(event.payload) }];
    }
    default:
      return [];
  }
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}
