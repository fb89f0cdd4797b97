// What a tool call did, by kind: the command, the file and its diff, the search, …
import { cn } from "@/lib/cn";
import type { ToolCallSummary } from "@/lib/executions/log-entries";
import { EditDiff } from "./edit-diff";
import { pre, TruncatedText } from "./truncated-text";

export const TOOL_VERB: Partial<Record<ToolCallSummary["kind"], string>> = {
  file_read: "Read",
  file_write: "Write",
  file_edit: "Edit",
  search: "Search",
  web: "Fetch",
  task: "Task",
};

export function ToolBody({ summary }: { summary: ToolCallSummary }) {
  switch (summary.kind) {
    case "command":
      return (
        <div className="space-y-1">
          {summary.description ? <p className="text-xs text-zinc-500">{summary.description}</p> : null}
          <pre className={cn(pre, "text-zinc-800 dark:text-zinc-200")}>
            <span aria-hidden="true" className="select-none text-zinc-400">
              ${" "}
            </span>
            {summary.command}
          </pre>
        </div>
      );
    case "file_read":
      return <code className="break-all font-mono text-xs">{summary.path}</code>;
    case "file_write":
      return (
        <div className="space-y-1">
          <code className="break-all font-mono text-xs">{summary.path}</code>
          <TruncatedText text={summary.content} />
        </div>
      );
    case "file_edit":
      return (
        <div className="space-y-1">
          <code className="break-all font-mono text-xs">{summary.path}</code>
          {summary.edits.map((edit, i) => (
            <div key={i}>
              {edit.replaceAll ? <p className="text-xs text-zinc-500">every occurrence</p> : null}
              <EditDiff oldString={edit.oldString} newString={edit.newString} />
            </div>
          ))}
        </div>
      );
    case "search":
      return (
        <code className="break-all font-mono text-xs">
          {summary.pattern}
          {summary.path ? <span className="text-zinc-500"> in {summary.path}</span> : null}
        </code>
      );
    case "web":
      return <code className="break-all font-mono text-xs">{summary.target}</code>;
    case "task":
      return <p className="text-sm">{summary.description}</p>;
    default:
      return summary.text ? <TruncatedText text={summary.text} /> : null;
  }
}

/** The raw input of a tool Arbor has no summary for. */
export function RawInput({ input }: { input: unknown }) {
  const text = (() => {
    try {
      return JSON.stringify(input, null, 2) ?? "";
    } catch {
      return String(input);
    }
  })();
  if (!text || text === "{}" || text === "null") return null;
  return (
    <details className="mt-1 text-xs">
      <summary className="cursor-pointer text-zinc-500 hover:text-zinc-800 dark:hover:text-zinc-200">Input</summary>
      <TruncatedText text={text} />
    </details>
  );
}
