// Project ids: "PROJ-2". Kept apart from lib/ids.ts's IdKind, which lists the
// kinds that can be cited as [[references]]; projects cannot. Pure.

export const PROJECT_PREFIX = "PROJ";

/** The implicit project of everything without one: the default workspace (`/projects/default`). */
export const DEFAULT_PROJECT_KEY = "default";

const MAX_NUMBER = 2_147_483_647; // Postgres INTEGER

export function formatProjectId(number: number): string {
  return `${PROJECT_PREFIX}-${number}`;
}

/** "proj-2" / " PROJ-2 " → "PROJ-2"; null for anything else. */
export function parseProjectId(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null;
  const match = /^proj-([1-9][0-9]{0,9})$/i.exec(raw.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return n > MAX_NUMBER ? null : formatProjectId(n);
}

export function projectNotFoundMessage(raw: string): string {
  const canonical = parseProjectId(raw);
  if (canonical) return `Project ${canonical} not found`;
  const shown = raw.length > 60 ? `${raw.slice(0, 60)}…` : raw;
  return `Project "${shown}" not found: project ids look like PROJ-1 (or "default" for the default workspace)`;
}

export const missingProjectMessage = (id: string) => `Project ${id} does not exist`;

/** A list page's `?projectId=`: a project id, "none" (the default workspace's), or "" (all). */
export function parseProjectFilter(raw: string | undefined): string {
  if (!raw) return "";
  const lower = raw.trim().toLowerCase();
  if (lower === "none" || lower === DEFAULT_PROJECT_KEY) return "none";
  return parseProjectId(raw) ?? "";
}
