import type { FileEdit, ToolCallSummary } from "@/lib/executions/log-entries";

// A friendly reading of a Claude Code tool call's input for the log view
// ("$ npm test", a file path, a diff of an Edit). Inputs come from the model,
// so every field is checked; anything unexpected falls back to `other`.

const OTHER_TEXT_LIMIT = 300;

export function summarizeClaudeToolCall(tool: string, input: unknown): ToolCallSummary {
  const fields = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const text = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string) : undefined);

  switch (tool) {
    case "Bash":
    case "PowerShell": {
      const command = text("command");
      if (command !== undefined) return { kind: "command", command, ...(text("description") ? { description: text("description") } : {}) };
      break;
    }
    case "Read": {
      const path = text("file_path");
      if (path !== undefined) return { kind: "file_read", path };
      break;
    }
    case "Write": {
      const path = text("file_path");
      if (path !== undefined) return { kind: "file_write", path, content: text("content") ?? "" };
      break;
    }
    case "Edit": {
      const path = text("file_path");
      const edit = toEdit(fields);
      if (path !== undefined && edit) return { kind: "file_edit", path, edits: [edit] };
      break;
    }
    case "MultiEdit": {
      const path = text("file_path");
      const edits = Array.isArray(fields.edits) ? fields.edits.map(toEdit).filter((e): e is FileEdit => e !== null) : [];
      if (path !== undefined && edits.length > 0) return { kind: "file_edit", path, edits };
      break;
    }
    case "Grep":
    case "Glob": {
      const pattern = text("pattern");
      if (pattern !== undefined) return { kind: "search", pattern, ...(text("path") ? { path: text("path") } : {}) };
      break;
    }
    case "WebFetch":
    case "WebSearch": {
      const target = text("url") ?? text("query");
      if (target !== undefined) return { kind: "web", target };
      break;
    }
    case "Task":
    case "Agent": {
      const description = text("description") ?? text("prompt");
      if (description !== undefined) return { kind: "task", description };
      break;
    }
  }
  return { kind: "other", text: compact(input) };
}

function toEdit(value: unknown): FileEdit | null {
  if (typeof value !== "object" || value === null) return null;
  const fields = value as Record<string, unknown>;
  if (typeof fields.old_string !== "string" || typeof fields.new_string !== "string") return null;
  return {
    oldString: fields.old_string,
    newString: fields.new_string,
    ...(fields.replace_all === true ? { replaceAll: true } : {}),
  };
}

function compact(input: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(input) ?? "";
  } catch {
    text = "[unprintable input]";
  }
  return text.length > OTHER_TEXT_LIMIT ? `${text.slice(0, OTHER_TEXT_LIMIT)}…` : text;
}
