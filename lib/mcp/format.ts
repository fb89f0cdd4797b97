// How an agent's calls to Arbor's MCP server read on a page: one line per
// call's arguments, and the size of what it got back.

import { formatCount } from "@/lib/format";

const VALUE_MAX = 60;

function oneValue(value: unknown): string {
  if (typeof value === "string") {
    const line = value.replace(/\s+/g, " ").trim();
    return `“${line.length > VALUE_MAX ? `${line.slice(0, VALUE_MAX - 1)}…` : line}”`;
  }
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  const json = JSON.stringify(value) ?? "";
  return json.length > VALUE_MAX ? `${json.slice(0, VALUE_MAX - 1)}…` : json;
}

/** `query “token expiry”, limit 5`: each argument by name, long text cut (a body of thousands of characters stays one line). */
export function summarizeArguments(args: Record<string, unknown>): string {
  const parts = Object.entries(args)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${oneValue(v)}`);
  return parts.length ? parts.join(", ") : "no arguments";
}

/** "840 characters", "12.4k characters": what a call got back. */
export function formatChars(n: number): string {
  if (n < 10_000) return `${formatCount(n)} character${n === 1 ? "" : "s"}`;
  return `${(n / 1000).toFixed(1)}k characters`;
}

/** The refs a turn consulted, shortened for a tight place (the tree's node): "SESS-3", "SESS-3 +2". */
export function consultedShort(refs: readonly string[]): string {
  return refs.length <= 1 ? (refs[0] ?? "") : `${refs[0]} +${refs.length - 1}`;
}
