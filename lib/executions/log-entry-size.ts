// First guesses at how tall each kind of log entry renders (px), for the
// virtualized log before rows are measured. Computed once per entry, when it
// arrives, so a 100k-entry list never re-estimates on scroll.
import type { LogEntry } from "@/lib/executions/log-entries";

export function estimateEntryHeight(entry: LogEntry): number {
  switch (entry.type) {
    case "assistant_text":
    case "text_draft":
      return 32 + Math.min(600, Math.ceil(entry.text.length / 90) * 22);
    case "tool_call":
      return entry.summary.kind === "file_edit" ? 230 : entry.summary.kind === "command" ? 92 : 78;
    case "tool_result":
      return entry.isError ? 130 : 30;
    case "result":
      return 150;
    case "user_message":
      return 64;
    case "error":
      return 48;
    case "thinking":
      return 36;
    default:
      return 28;
  }
}
