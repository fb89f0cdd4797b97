// Small formatting helpers shared by the renderers. Pure.

/** First 8 characters of an id (ids are uuids or similar). */
export function shortId(id: unknown, length = 8): string {
  if (typeof id !== "string" || id === "") return "—";
  return id.length > length ? id.slice(0, length) : id;
}

/** Cuts `text` to `max` characters (counting code points), ending in "…" when cut. */
export function truncate(text: string, max: number): string {
  if (max <= 0) return "";
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, Math.max(0, max - 1)).join("")}…`;
}

/** One line: whitespace (including newlines) collapsed, then truncated. */
export function oneLine(text: unknown, max: number): string {
  if (typeof text !== "string") return "";
  return truncate(text.replace(/\s+/g, " ").trim(), max);
}

export function formatCost(costUsd: unknown): string | undefined {
  if (typeof costUsd !== "number" || !Number.isFinite(costUsd)) return undefined;
  if (costUsd === 0) return "$0";
  if (costUsd >= 1) return `$${costUsd.toFixed(2)}`;
  // Sub-dollar costs keep up to 4 decimals (at least 2): $0.0123, $0.12, $0.50.
  return `$${costUsd.toFixed(4).replace(/(\.\d\d\d*?)0+$/, "$1")}`;
}

export function formatTokens(n: unknown): string | undefined {
  if (typeof n !== "number" || !Number.isFinite(n)) return undefined;
  return Math.round(n).toLocaleString("en-US");
}

export function formatDuration(ms: unknown): string | undefined {
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) return undefined;
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)}s`;
  const m = Math.floor(s / 60);
  const rest = Math.round(s - m * 60);
  if (m < 60) return `${m}m${String(rest).padStart(2, "0")}s`;
  const h = Math.floor(m / 60);
  return `${h}h${String(m - h * 60).padStart(2, "0")}m`;
}

/** Milliseconds between two ISO timestamps, if both parse. */
export function elapsedMs(from: unknown, to: unknown): number | undefined {
  if (typeof from !== "string" || typeof to !== "string") return undefined;
  const a = Date.parse(from);
  const b = Date.parse(to);
  if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
  return b - a;
}

/** Compact JSON for display; never throws. */
export function compactJson(value: unknown): string {
  try {
    const s = JSON.stringify(value);
    return s === undefined ? String(value) : s;
  } catch {
    return String(value);
  }
}

/** `ISO timestamp` → `YYYY-MM-DD HH:MM:SS` (local time); other strings pass through. */
export function formatTime(value: unknown): string | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  const t = new Date(value);
  if (Number.isNaN(t.getTime())) return value;
  const p = (n: number) => String(n).padStart(2, "0");
  return `${t.getFullYear()}-${p(t.getMonth() + 1)}-${p(t.getDate())} ${p(t.getHours())}:${p(t.getMinutes())}:${p(t.getSeconds())}`;
}

/** What an execution changed in its worktree ({ worktree: { changes } }): "+3 −1 (2 files)", or undefined when unknown. */
export function formatChanges(worktree: unknown): string | undefined {
  if (!worktree || typeof worktree !== "object") return undefined;
  const changes = (worktree as { changes?: unknown }).changes;
  if (!changes || typeof changes !== "object") return undefined;
  const { files, additions, deletions } = changes as Record<string, unknown>;
  if (typeof files !== "number" || typeof additions !== "number" || typeof deletions !== "number") return undefined;
  return `+${additions} −${deletions} (${files} file${files === 1 ? "" : "s"})`;
}
