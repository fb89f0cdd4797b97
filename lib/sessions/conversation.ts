// What one turn of a session said and did, read from its normalized log: the
// agent's answer (its final result's text, else its last message), the tools
// it used and the files it touched. Isomorphic and incremental, so the server
// can feed a turn's log page by page (server/sessions/get-session-conversation.ts).
import { continuesText, type LogEntry } from "@/lib/executions/log-entries";
import { ExecutionSummaryBuilder } from "@/lib/executions/summary";
import type { ConversationTurn } from "@/lib/sessions/schema";

/** Files listed per turn at most (the count says how many there were). */
export const TURN_FILES_MAX = 20;

export class ConversationTurnBuilder {
  private readonly summary: ExecutionSummaryBuilder;
  private lastText: string | null = null;
  private previous: LogEntry | undefined;

  constructor(private readonly executionId: string) {
    this.summary = new ExecutionSummaryBuilder(executionId);
  }

  add(entries: Iterable<LogEntry>): this {
    for (const entry of entries) {
      // Drafts are superseded by the complete message; a sub-agent's words are not the turn's answer.
      if (entry.type === "text_draft") continue;
      if (entry.type === "assistant_text" && !entry.parentToolUseId) {
        this.lastText = continuesText(this.previous, entry) ? `${this.lastText ?? ""}${entry.text}` : entry.text;
      }
      this.previous = entry;
      this.summary.add([entry]);
    }
    return this;
  }

  build(): Omit<ConversationTurn, "mark"> {
    const { finalAnswer, finalIsError, tools, files, errorCount } = this.summary.build();
    const answer = finalAnswer?.trim() ? finalAnswer : this.lastText?.trim() ? this.lastText : null;
    return {
      executionId: this.executionId,
      answer,
      answerIsError: finalIsError && answer === finalAnswer,
      tools,
      files: files.slice(0, TURN_FILES_MAX).map((f) => f.path),
      fileCount: files.length,
      errorCount,
    };
  }
}
