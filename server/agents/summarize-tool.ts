import type { ToolCallSummary } from "@/lib/executions/log-entries";
import { compactJson, isObject } from "@/server/agents/json-line";

// A friendly reading of a tool call ("$ npm test", a file path, a diff) for
// agents whose tools differ only in names and field names. Each agent lists
// its tools as a table: tool name → which summary and which input fields.
// Inputs come from the model, so every field is checked; a tool not in the
// table, or one whose fields are missing, is shown as `other`.

type Field = string;

export type ToolShape =
  | { kind: "command"; command: Field; description?: Field }
  | { kind: "file_read"; path: Field }
  | { kind: "file_write"; path: Field; content: Field }
  | { kind: "file_edit"; path: Field; oldString: Field; newString: Field; replaceAll?: Field }
  | { kind: "search"; pattern: Field; path?: Field }
  | { kind: "web"; target: readonly Field[] }
  | { kind: "task"; description: readonly Field[] };

export type ToolTable = Readonly<Record<string, ToolShape>>;

export function summarizeTool(table: ToolTable, tool: string, input: unknown): ToolCallSummary {
  const fields = isObject(input) ? input : {};
  const text = (key: Field | undefined) => (key !== undefined && typeof fields[key] === "string" ? (fields[key] as string) : undefined);
  const first = (keys: readonly Field[]) => keys.map(text).find((value) => value !== undefined);
  const shape = Object.hasOwn(table, tool) ? table[tool] : undefined;

  switch (shape?.kind) {
    case "command": {
      const command = text(shape.command);
      const description = text(shape.description);
      if (command !== undefined) return { kind: "command", command, ...(description ? { description } : {}) };
      break;
    }
    case "file_read": {
      const path = text(shape.path);
      if (path !== undefined) return { kind: "file_read", path };
      break;
    }
    case "file_write": {
      const path = text(shape.path);
      if (path !== undefined) return { kind: "file_write", path, content: text(shape.content) ?? "" };
      break;
    }
    case "file_edit": {
      const path = text(shape.path);
      const oldString = text(shape.oldString);
      const newString = text(shape.newString);
      if (path !== undefined && oldString !== undefined && newString !== undefined) {
        const replaceAll = shape.replaceAll !== undefined && fields[shape.replaceAll] === true;
        return { kind: "file_edit", path, edits: [{ oldString, newString, ...(replaceAll ? { replaceAll: true } : {}) }] };
      }
      break;
    }
    case "search": {
      const pattern = text(shape.pattern);
      const path = text(shape.path);
      if (pattern !== undefined) return { kind: "search", pattern, ...(path ? { path } : {}) };
      break;
    }
    case "web": {
      const target = first(shape.target);
      if (target !== undefined) return { kind: "web", target };
      break;
    }
    case "task": {
      const description = first(shape.description);
      if (description !== undefined) return { kind: "task", description };
      break;
    }
  }
  return { kind: "other", text: compactJson(input) };
}
