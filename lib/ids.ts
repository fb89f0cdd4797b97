// Human-readable ids: "SPEC-12", "ISSUE-7", "SESS-42". Pure helpers shared by client and server.

export const ID_PREFIXES = { spec: "SPEC", issue: "ISSUE", session: "SESS" } as const;
export type IdKind = keyof typeof ID_PREFIXES;

const MAX_NUMBER = 2_147_483_647; // Postgres INTEGER

export function formatId(kind: IdKind, number: number): string {
  return `${ID_PREFIXES[kind]}-${number}`;
}

/**
 * Normalizes a user-supplied id ("spec-3", " SPEC-3 ", "sess-42") to its canonical form ("SPEC-3").
 * Returns null for anything that is not a well-formed id of that kind.
 */
export function parseId(kind: IdKind, raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null;
  const match = /^([a-z]+)-([1-9][0-9]{0,9})$/i.exec(raw.trim());
  if (!match || match[1].toUpperCase() !== ID_PREFIXES[kind]) return null;
  const n = Number(match[2]);
  if (n > MAX_NUMBER) return null;
  return formatId(kind, n);
}

export const kindLabel: Record<IdKind, string> = { spec: "Spec", issue: "Issue", session: "Session" };

/** The 404 message for an id that is malformed or unknown. */
export function notFoundMessage(kind: IdKind, raw: string): string {
  const canonical = parseId(kind, raw);
  if (canonical) return `${kindLabel[kind]} ${canonical} not found`;
  const shown = raw.length > 60 ? `${raw.slice(0, 60)}…` : raw;
  return `${kindLabel[kind]} "${shown}" not found: ${kindLabel[kind].toLowerCase()} ids look like ${ID_PREFIXES[kind]}-1`;
}

/** The kind of a well-formed id of any kind ("sess-4" → session), or null. */
export function idKindOf(raw: string | null | undefined): IdKind | null {
  for (const kind of Object.keys(ID_PREFIXES) as IdKind[]) {
    if (parseId(kind, raw)) return kind;
  }
  return null;
}

/** A UUID in either case: execution ids, agent session ids. The one definition (request schemas use it with .regex). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `raw` is a UUID (execution ids, agent session ids), in either case. */
export function isUuid(raw: string | null | undefined): boolean {
  return typeof raw === "string" && UUID.test(raw);
}
