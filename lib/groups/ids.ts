// Fan-out group ids: "GRP-3". Kept apart from lib/ids.ts's IdKind (the kinds
// that can be cited as [[references]]); a group cannot. Pure.

export const GROUP_PREFIX = "GRP";

const MAX_NUMBER = 2_147_483_647; // Postgres INTEGER

export function formatGroupId(number: number): string {
  return `${GROUP_PREFIX}-${number}`;
}

/** "grp-3" / " GRP-3 " → "GRP-3"; null for anything else. */
export function parseGroupId(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null;
  const match = /^grp-([1-9][0-9]{0,9})$/i.exec(raw.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return n > MAX_NUMBER ? null : formatGroupId(n);
}

export function groupNotFoundMessage(raw: string): string {
  const canonical = parseGroupId(raw);
  if (canonical) return `Group ${canonical} not found`;
  const shown = raw.length > 60 ? `${raw.slice(0, 60)}…` : raw;
  return `Group "${shown}" not found: group ids look like GRP-1`;
}
