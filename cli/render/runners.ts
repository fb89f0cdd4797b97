// `arbor runners` as a table: one line per runner, live ones first (the
// server's order). Pure.

import type { RunnerDto, RunnerState } from "@/lib/runners/schema";
import { paint, type Paint, type Style } from "./style";

const STATE_PAINT: Record<RunnerState, Paint[]> = { active: ["green"], draining: ["yellow"], drained: ["cyan"], offline: ["gray"] };

/** "4s ago", "12m ago", "3h ago", "2d ago" (the heartbeat comes every 5 s on a live runner). */
export function ago(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (!Number.isFinite(seconds)) return "—";
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ago`;
  return `${Math.floor(seconds / 86_400)}d ago`;
}

export function formatRunnerTable(runners: RunnerDto[], style: Style, now = Date.now()): string[] {
  const rows = runners.map((runner) => [
    runner.id,
    `${runner.hostname} (pid ${runner.pid})`,
    paint(style, runner.state, ...STATE_PAINT[runner.state]),
    runner.installedAgents.length ? runner.installedAgents.join(",") : "—",
    runner.concurrency === null ? String(runner.running) : `${runner.running}/${runner.concurrency}`,
    String(runner.queued),
    String(runner.warmSessions),
    String(runner.prestarted),
    String(runner.sessionsHeld),
    ago(runner.heartbeatAt, now),
  ]);
  return table([["RUNNER", "HOST", "STATE", "AGENTS", "RUNNING", "QUEUED", "WARM", "PRESTARTED", "SESSIONS", "HEARTBEAT"], ...rows]);
}

/** Columns padded to their widest cell (ANSI colours do not count). */
function table(rows: string[][]): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ESC starts the ANSI colour codes this strips.
  const width = (cell: string) => cell.replace(/\u001b\[[0-9;]*m/g, "").length;
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => width(row[column] ?? ""))));
  return rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell + " ".repeat(widths[column]! - width(cell))))
      .join("  ")
      .trimEnd(),
  );
}
