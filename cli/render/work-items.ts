// Issues and specs → terminal lines: `arbor issue show` and `arbor spec show`
// (the text, status, project and links, an issue's sessions, a spec's issues).
// Pure and tolerant of the shape (the CLI depends on nothing but HTTP).

import type { Issue } from "@/lib/issues/schema";
import type { Spec } from "@/lib/specs/schema";
import type { Execution, Loose } from "../types";
import { formatTime, oneLine, shortId } from "./format";
import { renderBacklinks, type BacklinkItem } from "./sessions";
import { paint, statusPaint, type Style } from "./style";

export type IssueItem = Loose<Issue> & { id: string };
export type SpecItem = Loose<Spec> & { id: string };

const s = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

const label = (style: Style, name: string) => paint(style, `  ${name.padEnd(9)} `, "dim");

const projectText = (projectId: unknown) => s(projectId) ?? "default workspace";

function timesLine(style: Style, item: { createdAt?: string | null; updatedAt?: string | null }): string[] {
  const created = formatTime(item.createdAt);
  const updated = formatTime(item.updatedAt);
  if (!created) return [];
  return [label(style, "created") + created + (updated && updated !== created ? ` · updated ${updated}` : "")];
}

/** The text as written (markdown), indented under the facts. */
function bodyLines(style: Style, body: unknown): string[] {
  const text = s(body)?.replace(/\s+$/, "");
  return ["", ...(text ? text.split("\n").map((line) => `  ${line}`.trimEnd()) : [paint(style, "  (no text)", "dim")])];
}

export interface IssueSession {
  /** SESS-n. */
  id: string;
  turns: number;
  /** Its latest execution (the one to continue). */
  latest: Execution;
  /** Its first execution's prompt (what the session is about). */
  prompt: string;
  /** The session another forked from (the first turn's fork source is in another session). */
  forked: boolean;
}

/**
 * An issue's executions (oldest first) grouped into its sessions (SESS-n), in
 * the order they started, and the executions not in a session (yet): a run
 * joins its session once the agent reports its session id.
 */
export function issueSessions(executions: Execution[]): { sessions: IssueSession[]; loose: Execution[] } {
  const sessions = new Map<string, IssueSession>();
  const loose: Execution[] = [];
  for (const e of executions) {
    const id = s(e.managedSessionId);
    if (!id) {
      loose.push(e);
      continue;
    }
    const known = sessions.get(id);
    if (known) {
      known.turns += 1;
      known.latest = e;
    } else sessions.set(id, { id, turns: 1, latest: e, prompt: s(e.prompt) ?? "", forked: Boolean(s(e.forkedFromExecutionId)) });
  }
  return { sessions: [...sessions.values()], loose };
}

function sessionLines(style: Style, executions: Execution[]): string[] {
  const { sessions, loose } = issueSessions(executions);
  const lines = ["", paint(style, `Sessions (${sessions.length})`, "bold")];
  if (sessions.length === 0 && loose.length === 0) lines.push(paint(style, '  none yet: arbor run <ISSUE> "<prompt>" starts one', "dim"));
  const idWidth = Math.max(0, ...sessions.map((x) => x.id.length));
  for (const x of sessions) {
    const status = s(x.latest.status) ?? "unknown";
    const turns = `${x.turns} turn${x.turns === 1 ? "" : "s"}`;
    lines.push(
      [
        `  ${paint(style, x.id.padEnd(idWidth), "bold")}`,
        paint(style, status.padEnd(11), ...statusPaint(status)),
        turns.padEnd(8),
        `latest ${shortId(x.latest.id)}`,
        `"${oneLine(x.prompt, 56)}"`,
        x.forked ? paint(style, "(fork)", "dim") : "",
      ]
        .filter(Boolean)
        .join("  "),
    );
  }
  if (loose.length) {
    const list = loose.map((e) => `${shortId(e.id)} ${s(e.status) ?? "unknown"}`).join(", ");
    lines.push(paint(style, `  not in a session (yet): ${list}`, "dim"));
  }
  return lines;
}

/** `arbor issue show ISSUE-n`: facts, text, sessions, what cites it. */
export function renderIssueDetail(issue: IssueItem, executions: Execution[], backlinks: BacklinkItem[], style: Style): string[] {
  const status = s(issue.status) ?? "unknown";
  const lines = [
    `${paint(style, issue.id, "bold")}  ${s(issue.title) ?? ""}`.trimEnd(),
    label(style, "status") + status.replace("_", " ") + (s(issue.priority) ? ` · priority ${issue.priority}` : ""),
    label(style, "project") + projectText(issue.projectId),
    label(style, "spec") + (s(issue.spec?.id) ? `${issue.spec!.id}  ${s(issue.spec!.title) ?? ""}`.trimEnd() : (s(issue.specId) ?? "none")),
    ...timesLine(style, issue),
    ...bodyLines(style, issue.body),
    ...sessionLines(style, executions),
    ...renderBacklinks(backlinks, style),
  ];
  if (executions.length) lines.push("", paint(style, `The tree: arbor tree ${issue.id} · a turn: arbor show <id>`, "dim"));
  return lines;
}

/** `arbor spec show SPEC-n`: facts, text, its issues, what cites it. */
export function renderSpecDetail(spec: SpecItem, issues: IssueItem[], backlinks: BacklinkItem[], style: Style): string[] {
  const idWidth = Math.max(0, ...issues.map((i) => i.id.length));
  const statusWidth = Math.max(0, ...issues.map((i) => (s(i.status) ?? "").length));
  return [
    `${paint(style, spec.id, "bold")}  ${s(spec.title) ?? ""}`.trimEnd(),
    label(style, "project") + projectText(spec.projectId),
    ...timesLine(style, spec),
    ...bodyLines(style, spec.body),
    "",
    paint(style, `Issues (${issues.length})`, "bold"),
    ...(issues.length
      ? issues.map((i) => `  ${paint(style, i.id.padEnd(idWidth), "bold")}  ${(s(i.status) ?? "").padEnd(statusWidth)}  ${s(i.title) ?? ""}`.trimEnd())
      : [paint(style, `  none yet: arbor issue create "<title>" --spec ${spec.id}`, "dim")]),
    ...renderBacklinks(backlinks, style),
  ];
}
