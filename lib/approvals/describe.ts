import type { Approval, ApprovalKind } from "@/lib/approvals/schema";

// What a person reads about a request: one line (the Inbox, the tab title,
// notifications, `arbor inbox`) and, for questions and plans, their content.
// Pure and agent-neutral: it reads the input keys agents' tools share
// (command, file_path/path, url, pattern, questions, plan), whatever the tool.

const MAX_SUMMARY = 160;

type Json = Record<string, unknown>;

export function summarizeApproval(kind: ApprovalKind, toolName: string, input: unknown): string {
  const fields = isObject(input) ? input : {};
  if (kind === "question") {
    const first = approvalDetail(kind, input)?.questions[0];
    return cut(first ? `Asks: ${first.question}` : "Asks you a question");
  }
  if (kind === "plan") {
    const plan = typeof fields.plan === "string" ? fields.plan : "";
    const line = plan
      .split("\n")
      .map((l) => l.replace(/^#+\s*/, "").trim())
      .find(Boolean);
    return cut(line ? `Plan: ${line}` : "Proposes a plan");
  }
  if (typeof fields.command === "string") return cut(`$ ${oneLine(fields.command)}`);
  const file = [fields.file_path, fields.path, fields.notebook_path].find((v): v is string => typeof v === "string");
  if (file) return cut(`${verb(toolName)} ${file}`);
  if (typeof fields.url === "string") return cut(`${toolName} ${fields.url}`);
  if (typeof fields.pattern === "string") return cut(`${toolName} "${fields.pattern}"`);
  const json = safeJson(fields);
  return cut(json === "{}" ? toolName : `${toolName} ${json}`);
}

export function approvalDetail(kind: ApprovalKind, input: unknown): Approval["detail"] {
  if (kind === "tool") return null;
  const fields = isObject(input) ? input : {};
  const questions = Array.isArray(fields.questions)
    ? fields.questions.filter(isObject).map((q) => ({
        question: typeof q.question === "string" ? q.question : "",
        header: typeof q.header === "string" ? q.header : null,
        multiSelect: q.multiSelect === true,
        options: (Array.isArray(q.options) ? q.options : [])
          .filter(isObject)
          .map((o) => ({ label: typeof o.label === "string" ? o.label : "", description: typeof o.description === "string" ? o.description : null }))
          .filter((o) => o.label !== ""),
      }))
    : [];
  return { plan: typeof fields.plan === "string" ? fields.plan : null, questions: questions.filter((q) => q.question !== "") };
}

function verb(toolName: string): string {
  if (/^(Edit|MultiEdit|NotebookEdit|edit|replace)$/i.test(toolName)) return "edit";
  if (/^(Write|write_file|create)$/i.test(toolName)) return "write";
  if (/^(Read|read_file|view)$/i.test(toolName)) return "read";
  return toolName;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ⏎ ").trim();
}

function cut(text: string): string {
  return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 1)}…` : text;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
