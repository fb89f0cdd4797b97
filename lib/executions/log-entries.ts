// The one shape the UI renders an execution's log in, whatever agent produced
// it. Agents' own events are stored raw; server/agents/*/normalize-* map them
// to these entries on the way out. Isomorphic: no Node or server imports.

/** Token counts as the agent reported them (null when it did not say). */
export type LogUsage = { inputTokens: number | null; outputTokens: number | null };

/** One string replacement inside a file, enough to draw a diff. */
export type FileEdit = { oldString: string; newString: string; replaceAll?: boolean };

/**
 * A friendly reading of a tool call, so the UI can show "$ npm test" or a
 * diff instead of raw JSON. `other` covers tools without a dedicated view.
 */
export type ToolCallSummary =
  | { kind: "command"; command: string; description?: string }
  | { kind: "file_read"; path: string }
  | { kind: "file_write"; path: string; content: string }
  | { kind: "file_edit"; path: string; edits: FileEdit[] }
  | { kind: "search"; pattern: string; path?: string }
  | { kind: "web"; target: string }
  | { kind: "task"; description: string }
  | { kind: "other"; text: string };

type Common = {
  /**
   * Set when the entry comes from a sub-agent (Claude's Task tool): the id of
   * the tool call that started it, so the UI can nest or fold it.
   */
  parentToolUseId?: string;
};

export type LogEntry = Common &
  (
    | {
        type: "assistant_text";
        /** Markdown. */
        text: string;
        /** A streamed piece that continues the previous assistant_text (Gemini CLI): show them joined. */
        delta?: boolean;
      }
    | {
        /**
         * The assistant's text as it is being written (Claude Code's partial
         * messages): pieces of one message, shown joined while the agent
         * writes, and superseded by the complete assistant_text that follows
         * (supersedeDrafts). Never part of a transcript or of search.
         */
        type: "text_draft";
        text: string;
      }
    | { type: "thinking"; text: string }
    | { type: "tool_call"; toolUseId: string; tool: string; input: unknown; summary: ToolCallSummary }
    | { type: "tool_result"; toolUseId: string; content: string; isError: boolean; truncated?: boolean }
    | { type: "user_message"; text: string }
    | { type: "system_init"; model: string | null; cwd: string | null; tools: string[] }
    | {
        type: "result";
        isError: boolean;
        text: string;
        costUsd: number | null;
        usage: LogUsage;
        durationMs: number | null;
        numTurns: number | null;
      }
    | {
        /**
         * The audit trail of people in the loop (issue 21): the agent asked
         * (phase requested), then a person, a rule or the wait limit answered
         * (phase decided). The live decision card reads the approval itself.
         */
        type: "approval";
        approvalId: string | null;
        phase: "requested" | "decided";
        kind: "tool" | "question" | "plan";
        tool: string;
        summary: string;
        /** pending when requested; allowed, denied, cancelled or expired when decided. */
        status: "pending" | "allowed" | "denied" | "cancelled" | "expired";
        /** once, session or project, for an allow. */
        scope?: string | null;
        /** Who decided: a person's name, "rule Bash(npm test:*)", "wait limit". */
        decidedBy?: string | null;
        message?: string | null;
        rules?: string[];
        /** With a requested question or plan: its content, so the log (and `arbor show`) can show what is asked. */
        detail?: {
          plan: string | null;
          questions: Array<{ question: string; header: string | null; multiSelect: boolean; options: Array<{ label: string; description: string | null }> }>;
        } | null;
      }
    | { type: "error"; message: string /** "warning" for notes that did not stop the run. */; severity?: "error" | "warning" }
    | { type: "stderr"; text: string }
    | { type: "unparsed"; raw: string; truncated?: boolean }
    | { type: "text" /** Plain command output, one line. */; text: string }
  );

export type LogEntryType = LogEntry["type"];

/**
 * Whether `entry` is the next streamed piece of the assistant message
 * `previous` ends with (Gemini CLI prints its reply in pieces, each its own
 * event, marked `delta`): the log, the CLI and Arbor's transcript show them as one text.
 */
export function continuesText(previous: LogEntry | undefined, entry: LogEntry): boolean {
  return (
    entry.type === "assistant_text" &&
    entry.delta === true &&
    previous?.type === "assistant_text" &&
    previous.delta === true &&
    (previous.parentToolUseId ?? null) === (entry.parentToolUseId ?? null)
  );
}

/** The entries with every run of streamed pieces joined into one assistant_text. */
export function joinTextDeltas(entries: readonly LogEntry[]): LogEntry[] {
  const joined: LogEntry[] = [];
  for (const entry of entries) {
    const previous = joined[joined.length - 1];
    if (continuesText(previous, entry) && previous.type === "assistant_text" && entry.type === "assistant_text")
      joined[joined.length - 1] = { ...previous, text: previous.text + entry.text };
    else joined.push(entry);
  }
  return joined;
}

/**
 * The entries without drafts that a complete message has superseded: a run
 * of text_draft pieces is joined into one, and dropped once any entry other
 * than a draft follows it (the complete message, a tool call, the result).
 * What is left is at most one draft, at the end, while the agent still writes.
 */
export function supersedeDrafts(entries: readonly LogEntry[]): LogEntry[] {
  const kept: LogEntry[] = [];
  let draft: string | null = null;
  for (const entry of entries) {
    if (entry.type === "text_draft") {
      draft = (draft ?? "") + entry.text;
      continue;
    }
    draft = null;
    kept.push(entry);
  }
  if (draft !== null) kept.push({ type: "text_draft", text: draft });
  return kept;
}
