import type { SessionExpiry } from "@/lib/sessions/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Pure: whether a session last used at `lastActivity` may have lost its transcript by `now`. */
export function sessionExpiry(retentionDays: number | null, lastActivity: Date, now: Date = new Date()): SessionExpiry {
  if (retentionDays === null || !Number.isFinite(retentionDays)) return { retentionDays: null, expiresAt: null, mayHaveExpired: false };
  const expiresAt = new Date(lastActivity.getTime() + retentionDays * DAY_MS);
  return { retentionDays, expiresAt: expiresAt.toISOString(), mayHaveExpired: expiresAt.getTime() <= now.getTime() };
}
