// Fan-out groups → terminal lines: the members side by side (one row each),
// then each one's final answer, so a person can pick from the terminal. Pure.
//
//   Group GRP-3 · ISSUE-1 · 3 members · new runs from a1b2c3d
//   id        agent   model    status     files             tokens in/out  cost     first out  total
//   3f2a9c1e  claude  —        completed  +12 −3 (2 files)  1,234/567      $0.0123  2.1s       41.0s  ★ picked

import { TERMINAL_STATUSES, type Execution, type Group, type GroupListEntry, type GroupMember } from "../types";
import { formatChanges, formatCost, formatDuration, formatTime, formatTokens, oneLine, shortId, truncate } from "./format";
import { paint, statusPaint, type Paint, type Style } from "./style";

function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

function members(group: Group): GroupMember[] {
  return Array.isArray(group.members) ? group.members.filter((m): m is GroupMember => Boolean(m) && typeof m === "object") : [];
}

function memberExecution(member: GroupMember): Execution {
  const exec = asRecord(member.execution);
  return { ...exec, id: typeof exec.id === "string" ? exec.id : "?" } as Execution;
}

/** "1,234/567" (input/output tokens), or "—". */
function tokens(exec: Execution): string {
  const usage = asRecord(exec.usage);
  const input = formatTokens(usage.inputTokens);
  const output = formatTokens(usage.outputTokens);
  return input || output ? `${input ?? "?"}/${output ?? "?"}` : "—";
}

/** picked / archived / how long it waits for a runner: what sets a member apart besides its numbers. */
function marks(group: Group, member: GroupMember, exec: Execution): string {
  const list: string[] = [];
  if (str(group.pickedExecutionId) === exec.id) list.push("★ picked");
  if (member.archived === true) list.push("archived");
  if (typeof member.queuedBehind === "number") list.push(member.queuedBehind > 0 ? `waits behind ${member.queuedBehind}` : "next in queue");
  return list.join(", ");
}

type Cell = { text: string; paints?: Paint[] };

/** Columns padded to their widest cell; colors are applied after padding so they never skew the alignment. */
function table(header: string[], rows: Cell[][], style: Style): string[] {
  const widths = header.map((h, i) => Math.max(Array.from(h).length, ...rows.map((r) => Array.from(r[i]?.text ?? "").length)));
  const pad = (text: string, i: number) => text + " ".repeat(Math.max(0, widths[i]! - Array.from(text).length));
  const line = (cells: Cell[]) =>
    cells
      .map((c, i) => paint(style, i === cells.length - 1 ? c.text : pad(c.text, i), ...(c.paints ?? [])))
      .join("  ")
      .trimEnd();
  return [line(header.map((text) => ({ text, paints: ["dim"] }))), ...rows.map(line)];
}

/** The members side by side. */
export function renderMemberTable(group: Group, style: Style): string[] {
  const rows = members(group).map((member): Cell[] => {
    const exec = memberExecution(member);
    const status = str(exec.status) ?? "unknown";
    return [
      { text: shortId(exec.id), paints: ["bold"] },
      { text: str(exec.agent) ?? "?" },
      { text: str(exec.model) ?? "—", paints: str(exec.model) ? [] : ["dim"] },
      { text: status, paints: statusPaint(status) },
      { text: formatChanges(exec.worktree) ?? "—", paints: ["cyan"] },
      { text: tokens(exec) },
      { text: formatCost(asRecord(exec.usage).costUsd) ?? "—" },
      { text: formatDuration(member.timeToFirstOutputMs) ?? "—" },
      { text: formatDuration(member.totalMs) ?? "—" },
      { text: marks(group, member, exec), paints: ["green", "bold"] },
    ];
  });
  return table(["id", "agent", "model", "status", "files", "tokens in/out", "cost", "first out", "total", ""], rows, style);
}

/** The first line: id, issue, how many members, where they started. */
function groupTitle(group: Group, style: Style): string {
  const n = members(group).length;
  const parts = [str(group.issueId), `${n} member${n === 1 ? "" : "s"}`];
  const source = str(group.sourceExecutionId);
  const start = str(group.startSha);
  if (source) parts.push(`forks of ${shortId(source)}`);
  else parts.push(start ? `new runs from ${shortId(start, 7)}` : "new runs");
  return `${paint(style, "Group", "bold")} ${group.id}${paint(style, ` · ${parts.filter(Boolean).join(" · ")}`, "dim")}`;
}

const ANSWER_LINES = 6;

/** `arbor group GRP-3`: title, prompt, the table, what waits, the page, then each member's final answer (its first lines). */
export function renderGroup(group: Group, style: Style, pageUrl: string): string[] {
  const width = style.columns ?? 160;
  const lines = [groupTitle(group, style)];
  const prompt = oneLine(group.prompt, Math.max(20, width - 10));
  if (prompt) lines.push(`${paint(style, "  prompt  ", "dim")}${prompt}`);
  const picked = str(group.pickedExecutionId);
  if (picked) lines.push(`${paint(style, "  picked  ", "dim")}${shortId(picked)}${group.pickedAt ? ` at ${formatTime(group.pickedAt)}` : ""}`);
  lines.push(`${paint(style, "  page    ", "dim")}${pageUrl}`, "");
  lines.push(...renderMemberTable(group, style));
  const queueNote = str(group.queueNote);
  if (queueNote) lines.push(paint(style, queueNote, "yellow"));
  for (const member of members(group)) lines.push("", ...renderAnswer(member, style, width));
  return lines;
}

function renderAnswer(member: GroupMember, style: Style, width: number): string[] {
  const exec = memberExecution(member);
  const who = [str(exec.agent) ?? "?", str(exec.model)].filter(Boolean).join(" · ");
  const head = `${paint(style, `── ${shortId(exec.id)}`, "bold")} ${who} ${paint(style, `(${str(exec.status) ?? "unknown"})`, ...statusPaint(exec.status))}`;
  const answer = typeof member.finalAnswer === "string" ? member.finalAnswer.trim() : "";
  if (!answer) {
    const ended = TERMINAL_STATUSES.includes(String(exec.status));
    return [head, paint(style, ended ? "  (no final answer)" : "  (no answer yet)", "dim")];
  }
  const all = answer.split(/\r?\n/);
  const shown = all.slice(0, ANSWER_LINES).map((l) => `  ${truncate(l, Math.max(20, width - 2))}`);
  if (all.length > ANSWER_LINES) shown.push(paint(style, `  … ${all.length - ANSWER_LINES} more line(s): arbor show ${shortId(exec.id)}`, "dim"));
  return [head, ...shown];
}

/** What `run`/`fork --agents` print: the group, one line per member (short id, agent, model, status), the page. */
export function renderFanOutCreated(group: Group, style: Style, pageUrl: string): string[] {
  const lines = [groupTitle(group, style)];
  const rows = members(group).map((member): Cell[] => {
    const exec = memberExecution(member);
    return [
      { text: shortId(exec.id), paints: ["bold"] },
      { text: str(exec.agent) ?? "?" },
      { text: str(exec.model) ?? "(default model)", paints: str(exec.model) ? [] : ["dim"] },
      { text: str(exec.status) ?? "unknown", paints: statusPaint(exec.status) },
    ];
  });
  lines.push(
    ...table(["id", "agent", "model", "status"], rows, style)
      .slice(1)
      .map((l) => `  ${l}`),
  );
  const queueNote = str(group.queueNote);
  if (queueNote) lines.push(paint(style, `  ${queueNote}`, "yellow"));
  lines.push(`  compare them: ${pageUrl}  or  arbor group ${group.id}`);
  return lines;
}

/** A member's status change seen while waiting for a group: "── 3f2a9c1e codex running". */
export function renderMemberStatus(exec: Execution, style: Style): string {
  return `${paint(style, "── ", "dim")}${paint(style, shortId(exec.id), "bold")} ${str(exec.agent) ?? "?"}${str(exec.model) ? ` · ${exec.model}` : ""} ${paint(style, str(exec.status) ?? "unknown", ...statusPaint(exec.status))}`;
}

/** `arbor groups ISSUE-1`: one line per group: id, when, members (agent[:model] status), picked. */
export function renderGroupList(items: GroupListEntry[], style: Style): string[] {
  const width = style.columns ?? 160;
  return items.map((g) => {
    const list = Array.isArray(g.members) ? g.members : [];
    const who = list
      .map((m) => {
        const r = asRecord(m);
        return `${str(r.agent) ?? "?"}${str(r.model) ? `:${r.model}` : ""} ${str(r.status) ?? "?"}`;
      })
      .join(", ");
    const picked = str(g.pickedExecutionId) ? paint(style, `  ★ ${shortId(g.pickedExecutionId)}`, "green") : "";
    const when = formatTime(g.createdAt) ?? "";
    return `${paint(style, g.id, "bold")}  ${paint(style, when, "dim")}  "${oneLine(g.prompt, Math.max(20, Math.min(48, width - 60)))}"  ${who}${picked}`;
  });
}
