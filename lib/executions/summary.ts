// Reads what an execution did from its normalized log entries: final answer,
// tools used, files touched, commands run. Isomorphic and incremental, so the
// server can feed it an execution's log page by page without holding it all.
import type { ExecutionSummary } from "@/lib/executions/log-schema";
import type { LogEntry } from "@/lib/executions/log-entries";

const MAX_COMMANDS = 50;
const MAX_FILES = 500;

type FileAction = ExecutionSummary["files"][number]["actions"][number];

export class ExecutionSummaryBuilder {
  private finalAnswer: string | null = null;
  private finalIsError = false;
  private tools = new Map<string, number>();
  private files = new Map<string, Set<FileAction>>();
  private commands: string[] = [];
  private errorCount = 0;
  private entryCount = 0;

  constructor(private readonly executionId: string) {}

  add(entries: Iterable<LogEntry>): this {
    for (const entry of entries) {
      this.entryCount += 1;
      switch (entry.type) {
        case "tool_call": {
          this.tools.set(entry.tool, (this.tools.get(entry.tool) ?? 0) + 1);
          const s = entry.summary;
          if (s.kind === "file_read") this.touch(s.path, "read");
          else if (s.kind === "file_write") this.touch(s.path, "write");
          else if (s.kind === "file_edit") this.touch(s.path, "edit");
          else if (s.kind === "command" && this.commands.length < MAX_COMMANDS) this.commands.push(s.command);
          break;
        }
        case "tool_result":
          if (entry.isError) this.errorCount += 1;
          break;
        case "error":
          if (entry.severity !== "warning") this.errorCount += 1;
          break;
        case "result":
          this.finalAnswer = entry.text;
          this.finalIsError = entry.isError;
          break;
        default:
          break;
      }
    }
    return this;
  }

  private touch(path: string, action: FileAction) {
    let actions = this.files.get(path);
    if (!actions) {
      if (this.files.size >= MAX_FILES) return;
      actions = new Set();
      this.files.set(path, actions);
    }
    actions.add(action);
  }

  build(): ExecutionSummary {
    return {
      executionId: this.executionId,
      finalAnswer: this.finalAnswer,
      finalIsError: this.finalIsError,
      tools: [...this.tools].map(([tool, count]) => ({ tool, count })).sort((a, b) => b.count - a.count || a.tool.localeCompare(b.tool)),
      files: [...this.files].map(([path, actions]) => ({ path, actions: [...actions] })),
      commands: this.commands,
      errorCount: this.errorCount,
      entryCount: this.entryCount,
    };
  }
}

export function summarizeEntries(executionId: string, entries: Iterable<LogEntry>): ExecutionSummary {
  return new ExecutionSummaryBuilder(executionId).add(entries).build();
}
