// Small display helpers for executions, shared by pages and the tree.

import { formatCount } from "@/lib/format";

export function shortId(id: string | null | undefined): string {
  return id ? id.slice(0, 8) : "—";
}

export function formatCost(costUsd: number | null | undefined): string {
  if (costUsd === null || costUsd === undefined) return "—";
  return costUsd < 0.01 ? `$${costUsd.toFixed(4)}` : `$${costUsd.toFixed(2)}`;
}

/** A token count, or "—" when the agent did not say. */
export function formatTokens(tokens: number | null | undefined): string {
  return tokens === null || tokens === undefined ? "—" : formatCount(tokens);
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

export function excerpt(text: string, max = 80): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}
