// Sessions → terminal lines: the `arbor sessions` list and the `arbor session`
// page. Pure and tolerant of the shape (the CLI depends on nothing but HTTP).

import { formatCost, formatTime, formatTokens, oneLine, shortId } from "./format";
import { paint, statusPaint, type Style } from "./style";

export interface SessionTotals {
  executionCount?: number | null;
  inputTokens?: number | null;
  outputTokens?: number | null;
  costUsd?: number | null;
  resumedTurns?: number | null;
  cacheReadTokens?: number | null;
  savedInputTokens?: number | null;
}

export interface SessionItem {
  id: string;
  agent?: string | null;
  agentSessionId?: string | null;
  issueId?: string | null;
  issue?: { id?: string | null; title?: string | null; status?: string | null } | null;
  title?: string | null;
  description?: string | null;
  archived?: boolean | null;
  parentSessionId?: string | null;
  forkedFromExecutionId?: string | null;
  createdAt?: string | null;
  lastActivityAt?: string | null;
  latestStatus?: string | null;
  totals?: SessionTotals | null;
  expiry?: { retentionDays?: number | null; expiresAt?: string | null; mayHaveExpired?: boolean | null } | null;
  health?: { state?: string | null; checkedAt?: string | null; bytes?: number | null; modifiedAt?: string | null } | null;
  poisoned?: { reason?: string | null; message?: string | null; at?: string | null } | null;
  runtime?: { path?: string | null; version?: string | null } | null;
  keepWarm?: boolean | null;
  warm?: { runnerId?: string | null; pid?: number | null; until?: string | null } | null;
}

export interface SessionLinkItem {
  id: string;
  title?: string | null;
  archived?: boolean | null;
  forkedFromExecutionId?: string | null;
  lastActivityAt?: string | null;
}

export interface SessionDetailItem extends SessionItem {
  executions?: Array<{
    id: string;
    status?: string | null;
    prompt?: string | null;
    parentExecutionId?: string | null;
    forkedFromExecutionId?: string | null;
    restartedFromExecutionId?: string | null;
    usage?: { costUsd?: number | null } | null;
    createdAt?: string | null;
  }> | null;
  headExecutionId?: string | null;
  parentSession?: SessionLinkItem | null;
  childSessions?: SessionLinkItem[] | null;
}

export interface BacklinkItem {
  type?: string | null;
  id: string;
  title?: string | null;
}

const s = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** "3 days ago", "just now", from an ISO time (relative to `now`). */
export function ago(iso: unknown, now = Date.now()): string | undefined {
  const t = typeof iso === "string" ? Date.parse(iso) : NaN;
  if (Number.isNaN(t)) return undefined;
  const sec = Math.max(0, Math.round((now - t) / 1000));
  const units: Array<[string, number]> = [
    ["y", 365 * 86_400],
    ["mo", 30 * 86_400],
    ["d", 86_400],
    ["h", 3_600],
    ["m", 60],
  ];
  for (const [unit, size] of units) if (sec >= size) return `${Math.floor(sec / size)}${unit} ago`;
  return "just now";
}

function flags(item: SessionItem, style: Style): string {
  const out: string[] = [];
  if (item.archived) out.push(paint(style, "[archived]", "dim"));
  if (item.health?.state === "missing") out.push(paint(style, "[expired]", "yellow"));
  else if (item.expiry?.mayHaveExpired) out.push(paint(style, "[may have expired]", "yellow"));
  if (item.poisoned) out.push(paint(style, "[poisoned]", "yellow"));
  return out.join(" ");
}

/** One line per session: id, latest status, runs, cost, last activity, title and flags. */
export function renderSessionList(items: SessionItem[], style: Style, now = Date.now()): string[] {
  const rows = items.map((item) => {
    const runs = item.totals?.executionCount ?? 0;
    return {
      id: item.id,
      status: s(item.latestStatus) ?? "—",
      runs: `${runs} run${runs === 1 ? "" : "s"}`,
      cost: formatCost(item.totals?.costUsd) ?? "—",
      when: ago(item.lastActivityAt, now) ?? "—",
      title: s(item.title) ?? "",
      issue: s(item.issueId) ?? s(item.issue?.id) ?? "",
      fork: s(item.parentSessionId),
      flags: flags(item, style),
      agent: s(item.agent) ?? "",
    };
  });
  const w = (k: "id" | "status" | "runs" | "cost" | "when" | "agent" | "issue") => Math.max(0, ...rows.map((r) => r[k].length));
  const width = style.columns ?? 160;
  return rows.map((r) => {
    const left = [
      paint(style, r.id.padEnd(w("id")), "bold"),
      paint(style, r.status.padEnd(w("status")), ...statusPaint(r.status)),
      r.agent.padEnd(w("agent")),
      r.issue.padEnd(w("issue")),
      r.runs.padEnd(w("runs")),
      r.cost.padEnd(w("cost")),
      paint(style, r.when.padEnd(w("when")), "dim"),
    ].join("  ");
    const used = w("id") + w("status") + w("agent") + w("issue") + w("runs") + w("cost") + w("when") + 14;
    const title = oneLine(r.title, Math.max(20, width - used - 30));
    return [left, title, r.fork ? paint(style, `(fork of ${r.fork})`, "dim") : "", r.flags].filter(Boolean).join("  ").trimEnd();
  });
}

/** `arbor session SESS-1`: the session, its executions in order, its parent, forks and backlinks. */
export function renderSessionDetail(item: SessionDetailItem, style: Style, backlinks: BacklinkItem[] = [], now = Date.now()): string[] {
  const label = (name: string) => paint(style, `  ${name.padEnd(12)} `, "dim");
  const lines: string[] = [];
  lines.push(`${paint(style, item.id, "bold")}  ${s(item.title) ?? ""}${item.archived ? `  ${paint(style, "[archived]", "dim")}` : ""}`.trimEnd());
  const issue = s(item.issue?.id) ?? s(item.issueId);
  if (issue) lines.push(label("issue") + issue + (s(item.issue?.title) ? `  ${item.issue!.title}` : ""));
  if (s(item.agent)) lines.push(label("agent") + item.agent + (s(item.agentSessionId) ? `  session ${item.agentSessionId}` : ""));
  if (item.parentSession || item.parentSessionId) {
    const parent = item.parentSession?.id ?? item.parentSessionId!;
    const at = s(item.forkedFromExecutionId);
    lines.push(label("forked from") + parent + (s(item.parentSession?.title) ? `  ${item.parentSession!.title}` : "") + (at ? `  at ${shortId(at)}` : ""));
  }
  const t = item.totals ?? {};
  const tokens = [formatTokens(t.inputTokens), formatTokens(t.outputTokens)];
  lines.push(
    label("totals") +
      `${t.executionCount ?? 0} execution${t.executionCount === 1 ? "" : "s"} · ${tokens[0] ?? "0"} in / ${tokens[1] ?? "0"} out tokens · ${formatCost(t.costUsd) ?? "$0"}`,
  );
  const resumed = t.resumedTurns ?? 0;
  if (resumed > 0) {
    lines.push(
      label("resume") +
        `${resumed} resumed turn${resumed === 1 ? "" : "s"} · saved ≈ ${formatTokens(t.savedInputTokens) ?? "0"} input tokens · ${formatTokens(t.cacheReadTokens) ?? "0"} cache read`,
    );
  }
  const last = formatTime(item.lastActivityAt);
  if (last) lines.push(`${label("last active")}${last} (${ago(item.lastActivityAt, now) ?? "?"})`);
  if (item.runtime?.path) lines.push(label("runtime") + item.runtime.path + (s(item.runtime.version) ? ` (${item.runtime.version})` : ""));
  if (item.health?.state) {
    const checked = ago(item.health.checkedAt, now);
    lines.push(
      label("transcript") +
        (item.health.state === "available"
          ? `available${typeof item.health.bytes === "number" ? ` (${formatTokens(item.health.bytes)} bytes` : " ("}${item.health.modifiedAt ? `, last written ${ago(item.health.modifiedAt, now)}` : ""}; checked ${checked ?? "?"})`
          : paint(style, `expired: the agent's transcript is gone (checked ${checked ?? "?"}); a Continue carries Arbor's transcript instead`, "yellow")),
    );
  }
  if (item.poisoned) {
    const why = s(item.poisoned.message);
    lines.push(
      label("poisoned") +
        paint(
          style,
          `${(s(item.poisoned.reason) ?? "yes").replace(/_/g, " ")}${why ? `: ${oneLine(why, 100)}` : ""}; later turns start fresh with Arbor's transcript`,
          "yellow",
        ) +
        paint(style, ` (clear: arbor session ${item.id} --unpoison)`, "dim"),
    );
  }
  if (item.warm) {
    const until = formatTime(item.warm.until);
    lines.push(
      label("process") +
        paint(style, "warm", "yellow", "bold") +
        ` · the agent's process${typeof item.warm.pid === "number" ? ` (pid ${item.warm.pid})` : ""} on ${s(item.warm.runnerId) ?? "?"} is kept: a Continue of the head starts without a new process${until ? ` · closes ${until} if idle` : ""}` +
        paint(style, ` (off: arbor session ${item.id} --no-warm)`, "dim"),
    );
  } else if (item.keepWarm === false) {
    lines.push(`${label("process")}warm sessions off: every turn starts its own agent process${paint(style, ` (on: arbor session ${item.id} --warm)`, "dim")}`);
  }
  if (!item.health?.state && item.expiry?.mayHaveExpired) {
    lines.push(
      label("expiry") +
        paint(
          style,
          `may have expired: the agent keeps transcripts ${item.expiry.retentionDays ?? "?"} days after last use; a Continue then carries Arbor's transcript instead`,
          "yellow",
        ),
    );
  }
  const description = s(item.description);
  if (description) lines.push("", ...description.split("\n").map((l) => `  ${l}`));

  const executions = item.executions ?? [];
  lines.push("", paint(style, `Executions (${executions.length})`, "bold"));
  executions.forEach((e, i) => {
    const edge = e.parentExecutionId ? "continue" : e.forkedFromExecutionId ? "fork" : e.restartedFromExecutionId ? "restart" : i === 0 ? "start" : "turn";
    const status = s(e.status) ?? "unknown";
    const head = e.id === item.headExecutionId ? `  ${paint(style, "◀ head", "green", "bold")}` : "";
    lines.push(
      `  ${String(i + 1).padStart(2)}. ${paint(style, shortId(e.id), "bold")}  ${edge.padEnd(8)}  ${paint(style, status.padEnd(11), ...statusPaint(status))}  "${oneLine(e.prompt, 56)}"  ${formatCost(e.usage?.costUsd) ?? "—"}${head}`,
    );
  });
  const children = item.childSessions ?? [];
  if (children.length) {
    lines.push("", paint(style, `Forks (${children.length})`, "bold"));
    for (const c of children)
      lines.push(`  ${paint(style, c.id, "bold")}  ${s(c.title) ?? ""}${c.forkedFromExecutionId ? `  from ${shortId(c.forkedFromExecutionId)}` : ""}`);
  }
  lines.push(...renderBacklinks(backlinks, style));
  if (item.headExecutionId) lines.push("", paint(style, `Continue it: arbor continue ${item.headExecutionId} "<prompt>"`, "dim"));
  return lines;
}

/** "Referenced by (n)" and what cites the page's subject, after a blank line; nothing when nothing does. */
export function renderBacklinks(backlinks: BacklinkItem[], style: Style): string[] {
  if (backlinks.length === 0) return [];
  return [
    "",
    paint(style, `Referenced by (${backlinks.length})`, "bold"),
    ...backlinks.map((b) => `  ${paint(style, b.id, "bold")}  ${s(b.title) ?? ""}`.trimEnd()),
  ];
}
