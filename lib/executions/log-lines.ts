// The rows the execution page shows, made from the log's entries in one pass
// (100k-entry logs are rebuilt on every live flush): streamed pieces of one
// reply joined (continuesText), the reply being written (text_draft) shown
// as one growing row until the complete message supersedes it (the rule of
// supersedeDrafts), and the agent's echo of the turn's prompt left out (the
// page shows the prompt itself, from the execution, before any event).
import { continuesText, type LogEntry } from "@/lib/executions/log-entries";
import { estimateEntryHeight } from "@/lib/executions/log-entry-size";

export type LogLine = {
  key: string;
  /** The same identity as a number (seq × 1024 + index): cheap to hash in a 100k-row virtualizer. */
  vkey: number;
  seq: number;
  /** First entry of its event (carries the #seq-<n> anchor). */
  first: boolean;
  entry: LogEntry;
  /** Estimated height until the row is measured. */
  sizeHint: number;
};

/** Output of the agent: once any came, a user message is a follow-up, not the echo of the prompt. */
const OUTPUT = new Set<LogEntry["type"]>(["assistant_text", "text_draft", "thinking", "tool_call", "tool_result", "result"]);

function grown(line: LogLine, text: string): LogLine {
  const entry = { ...line.entry, text } as LogEntry;
  return { ...line, entry, sizeHint: estimateEntryHeight(entry) };
}

/**
 * The rows of a log. A run of pieces (a delta reply, or drafts) is one row,
 * keyed and anchored by its first piece; rows outside a run keep their
 * identity, so the rows React memoized stay as they are.
 */
export function conversationLines(lines: readonly LogLine[], options: { hidePromptEcho?: boolean } = {}): LogLine[] {
  const out: LogLine[] = [];
  let output = false;
  let echoHidden = !options.hidePromptEcho;
  for (const line of lines) {
    const entry = line.entry;
    const last = out[out.length - 1];
    if (entry.type === "text_draft") {
      output = true;
      if (last?.entry.type === "text_draft") out[out.length - 1] = grown(last, last.entry.text + entry.text);
      else out.push(line);
      continue;
    }
    // Whatever follows a draft supersedes it: the complete message, a tool call, the result.
    if (last?.entry.type === "text_draft") out.pop();
    const previous = out[out.length - 1];
    if (previous && continuesText(previous.entry, entry) && previous.entry.type === "assistant_text" && entry.type === "assistant_text") {
      out[out.length - 1] = grown(previous, previous.entry.text + entry.text);
      continue;
    }
    if (!echoHidden && !output && entry.type === "user_message") {
      echoHidden = true;
      continue;
    }
    if (OUTPUT.has(entry.type)) output = true;
    out.push(line);
  }
  return out;
}
