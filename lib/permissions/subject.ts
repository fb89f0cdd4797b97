import type { ToolCallSubject } from "@/lib/permissions/rules";

// What a rule matches a tool call on (rules.ts): the Bash command, the file a
// file tool touches, a fetch's domain. Tool names and input keys are Claude
// Code's (Arbor's rule vocabulary); other agents' drivers map their own.

export function subjectOf(toolName: string, input: unknown): ToolCallSubject {
  const fields = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  if (typeof fields.command === "string") return { tool: toolName, argument: fields.command };
  const file = [fields.file_path, fields.notebook_path, fields.path].find((v): v is string => typeof v === "string");
  if (file) return { tool: toolName, argument: file };
  if (typeof fields.url === "string") {
    try {
      return { tool: toolName, argument: `domain:${new URL(fields.url).hostname}` };
    } catch {
      return { tool: toolName, argument: null };
    }
  }
  return { tool: toolName, argument: null };
}
