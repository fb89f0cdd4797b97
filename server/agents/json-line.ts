import type { ParsedLine } from "@/server/agents/types";

// Small helpers every JSON-lines parser and normalizer shares: reading one
// line as an object, the stored event for a line that is not one, and
// type-checked field access for payloads that may come from any CLI version.

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The line as a JSON object, or null. */
export function parseJsonLine(line: string): Json | null {
  try {
    const value: unknown = JSON.parse(line);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** The stored form of a line that is not a JSON object (a stray log line, a cut-off line). */
export function unparsedLine(line: string, truncated: boolean | undefined): ParsedLine {
  return { event: { kind: "unparsed", payload: truncated ? { raw: line, truncated: true } : { raw: line } }, signals: {} };
}

/** A line's `type`, reduced to [a-z0-9_] so a stored kind is always a tame identifier. */
export function tameKind(raw: unknown): string {
  const kind = (typeof raw === "string" ? raw : "unknown")
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .slice(0, 64);
  return kind || "unknown";
}

export function stringOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

export function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

export function objectOrEmpty(value: unknown): Json {
  return isObject(value) ? value : {};
}

/** A value as one line of JSON for display, cut at `limit` characters. */
export function compactJson(value: unknown, limit = 300): string {
  let text: string;
  try {
    text = JSON.stringify(value ?? null) ?? "";
  } catch {
    text = "[unprintable]";
  }
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}
