// Approvals → terminal lines (`arbor inbox`, a decision, `arbor show`'s
// waiting line). Pure; defensive about every field like the other renderers.

import { formatTime, oneLine, shortId } from "./format";
import { paint, type Style } from "./style";

export type ApprovalItem = {
  id?: string;
  kind?: string;
  summary?: string;
  status?: string;
  scope?: string | null;
  decidedBy?: string | null;
  message?: string | null;
  issueId?: string;
  issueTitle?: string;
  agent?: string;
  executionId?: string;
  managedSessionId?: string | null;
  requestedAt?: string;
  reason?: string | null;
  suggestedRules?: string[];
  detail?: { plan?: string | null; questions?: Array<{ question?: string; options?: Array<{ label?: string; description?: string | null }> }> } | null;
};

/** What a person types next for a pending approval. */
export function decisionHints(approval: ApprovalItem): string[] {
  const id = approval.id ?? "APR-?";
  if (approval.kind === "question") {
    const first = approval.detail?.questions?.[0];
    const label = first?.options?.[0]?.label ?? "your answer";
    return [`arbor approve ${id} --answer "${first?.question ?? "question"}=${label}"`, `arbor deny ${id} -m "…"`];
  }
  if (approval.kind === "plan") return [`arbor approve ${id}`, `arbor deny ${id} -m "what to change"`];
  return [`arbor approve ${id} [--session | --project]`, `arbor deny ${id} -m "why"`];
}

/** The lines of one pending approval, as `arbor inbox` and `arbor show` print it. */
export function renderPendingApproval(approval: ApprovalItem, style: Style, width = 160): string[] {
  const head = `${paint(style, "⏸", "yellow")} ${paint(style, approval.id ?? "APR-?", "bold")} ${oneLine(approval.summary ?? "", width - 20)}`;
  const where = [
    approval.issueId && `${approval.issueId}${approval.issueTitle ? ` ${oneLine(approval.issueTitle, 40)}` : ""}`,
    approval.agent,
    approval.managedSessionId,
    approval.executionId && `execution ${shortId(approval.executionId)}`,
    approval.requestedAt && `asked ${formatTime(approval.requestedAt)}`,
  ].filter(Boolean);
  const lines = [head, `   ${paint(style, where.join(" · "), "dim")}`];
  if (approval.reason) lines.push(`   ${paint(style, approval.reason, "dim")}`);
  lines.push(...askedLines(approval, style, "   "));
  return lines;
}

/** One line for a decided approval. */
export function renderDecided(approval: ApprovalItem, style: Style): string {
  const status = approval.status ?? "decided";
  const mark = status === "allowed" ? paint(style, "✓", "green") : paint(style, "✗", "red");
  const scope = status === "allowed" && approval.scope && approval.scope !== "once" ? ` (for this ${approval.scope})` : "";
  const by = approval.decidedBy ? ` by ${approval.decidedBy}` : "";
  const message = approval.message ? ` — ${oneLine(approval.message, 120)}` : "";
  return `${mark} ${approval.id ?? ""} ${status}${scope}${by}: ${oneLine(approval.summary ?? "", 100)}${message}`;
}

/** An approval's line in a log (`arbor show`): what the agent asks, with what to type, or how it was decided. */
export function renderApprovalEntry(entry: Record<string, unknown>, style: Style): string[] {
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  const approval: ApprovalItem = {
    id: text(entry.approvalId) ?? undefined,
    kind: text(entry.kind),
    summary: text(entry.summary),
    status: text(entry.status),
    scope: text(entry.scope) ?? null,
    decidedBy: text(entry.decidedBy) ?? null,
    message: text(entry.message) ?? null,
    detail: (entry.detail as ApprovalItem["detail"]) ?? null,
  };
  if (entry.phase !== "requested") {
    // A rule decided it without asking anyone: one quiet line.
    if (!approval.id)
      return [paint(style, `· ${approval.status ?? "decided"} by ${approval.decidedBy ?? "a rule"}: ${oneLine(approval.summary ?? "", 120)}`, "dim")];
    return [renderDecided(approval, style)];
  }
  const head = `${paint(style, "⏸ waits for you", "yellow", "bold")} ${approval.id ?? ""}: ${oneLine(approval.summary ?? "", 120)}`;
  return [head, ...askedLines(approval, style, "  ")];
}

/** The plan or the questions asked, then what to type to decide. */
function askedLines(approval: ApprovalItem, style: Style, indent: string): string[] {
  const lines: string[] = [];
  if (approval.kind === "plan" && approval.detail?.plan) for (const line of approval.detail.plan.split("\n").slice(0, 40)) lines.push(`${indent}│ ${line}`);
  for (const question of approval.detail?.questions ?? []) {
    lines.push(`${indent}? ${question.question ?? ""}`);
    for (const option of question.options ?? [])
      lines.push(`${indent}  - ${option.label ?? ""}${option.description ? paint(style, ` — ${option.description}`, "dim") : ""}`);
  }
  if (approval.id) for (const hint of decisionHints(approval)) lines.push(`${indent}${paint(style, hint, "cyan")}`);
  return lines;
}
