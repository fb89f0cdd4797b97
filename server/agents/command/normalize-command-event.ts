import type { LogEntry } from "@/lib/executions/log-entries";
import type { AgentEvent } from "@/server/agents/types";

export function normalizeCommandEvent(event: AgentEvent): LogEntry[] {
  const payload = typeof event.payload === "object" && event.payload !== null ? (event.payload as Record<string, unknown>) : {};
  if (event.kind === "text" && typeof payload.text === "string") return [{ type: "text", text: payload.text }];
  return [];
}
