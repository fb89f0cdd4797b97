// Bundle ids: "BUNDLE-3". Kept apart from lib/ids.ts's IdKind, which lists the
// kinds that can be cited as [[references]]; bundles cannot. Pure.

export const BUNDLE_PREFIX = "BUNDLE";

const MAX_NUMBER = 2_147_483_647; // Postgres INTEGER

export function formatBundleId(number: number): string {
  return `${BUNDLE_PREFIX}-${number}`;
}

/** "bundle-3" / " BUNDLE-3 " → "BUNDLE-3"; null for anything else. */
export function parseBundleId(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null;
  const match = /^bundle-([1-9][0-9]{0,9})$/i.exec(raw.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return n > MAX_NUMBER ? null : formatBundleId(n);
}

export function bundleNotFoundMessage(raw: string): string {
  const canonical = parseBundleId(raw);
  if (canonical) return `Bundle ${canonical} not found`;
  const shown = raw.length > 60 ? `${raw.slice(0, 60)}…` : raw;
  return `Bundle "${shown}" not found: bundle ids look like BUNDLE-1`;
}
