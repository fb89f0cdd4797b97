import os from "node:os";
import path from "node:path";
import { isUuid } from "@/lib/ids";
import { isRegularFile, listNames, readFirstLine } from "@/server/agents/session-state-files";
import type { SessionStateSupport } from "@/server/agents/types";

// Codex's session state (issue 24), verified on 0.169.0 with the real CLI
// (test/integration/agents/session-state-move.test.ts):
// - A thread is one rollout, $CODEX_HOME/sessions/YYYY/MM/DD/rollout-<local
//   time>-<thread id>.jsonl. `codex exec resume <id>` finds a rollout put
//   there by hand, even in a home whose state databases (state_5.sqlite, …)
//   never heard of the thread, so the rollout alone moves a thread.
// - The rollout is keyed by date and id only, not by cwd, so it goes back to
//   the same relative path; a resume from another cwd works in the new one
//   (the cwd the rollout recorded is history, not a requirement).
// - A fork's rollout holds only its own lines: its first line names
//   `forked_from_id` and the parent's lines come from the parent's rollout.
//   A fork's state is therefore its rollout plus its ancestors'.
// - Thread ids are UUIDv7, whose first 48 bits are the creation time in ms:
//   the day folder is that date, give or take a day for the local time zone
//   the folder is named in, so only three folders are read. Other ids (older
//   Codex) fall back to reading every day folder (three levels, no deeper).

/** Forks of forks are followed this far at most (a loop in corrupt files must end). */
const MAX_ANCESTORS = 64;
const DAY_MS = 86_400_000;

export const codexSessionState: SessionStateSupport = {
  root: (env) => env.CODEX_HOME?.trim() || path.join(env.HOME?.trim() || os.homedir(), ".codex"),
  find: findCodexSession,
  // Date and id name the file wherever it goes: nothing depends on the cwd or the machine.
  // Nothing in the layout depends on the cwd; anything but a rollout (the config, its MCP servers…) is refused.
  restoreAs: (relativePath) => (/^sessions\/\d{4}\/\d{2}\/\d{2}\/rollout-[^/]+\.jsonl$/.test(relativePath) ? relativePath : null),
};

async function findCodexSession(root: string, session: { sessionId: string }): Promise<string[]> {
  const found: string[] = [];
  const seen = new Set<string>();
  let id: string | null = session.sessionId.toLowerCase();
  try {
    while (id && isUuid(id) && !seen.has(id) && seen.size < MAX_ANCESTORS) {
      seen.add(id);
      const rollout = await locateRollout(root, id);
      if (!rollout) break;
      found.push(rollout);
      id = await forkedFrom(path.join(root, rollout));
    }
  } catch {
    // Never throws: what was found so far is still the session's state.
  }
  return found;
}

/** The rollout of thread `id` as "sessions/YYYY/MM/DD/<file>", or null. */
async function locateRollout(root: string, id: string): Promise<string | null> {
  const suffix = `-${id}.jsonl`;
  for (const day of await dayFolders(root, id)) {
    const name = (await listNames(path.join(root, "sessions", day))).find((file) => file.startsWith("rollout-") && file.toLowerCase().endsWith(suffix));
    if (name && (await isRegularFile(path.join(root, "sessions", day, name)))) return `sessions/${day}/${name}`;
  }
  return null;
}

/** "YYYY/MM/DD" folders that may hold thread `id`'s rollout, most likely first. */
async function dayFolders(root: string, id: string): Promise<string[]> {
  const createdAt = uuidV7Time(id);
  if (createdAt !== null) return [0, -1, 1].map((offset) => new Date(createdAt + offset * DAY_MS).toISOString().slice(0, 10).replaceAll("-", "/"));
  const sessions = path.join(root, "sessions");
  const days: string[] = [];
  for (const year of (await listNames(sessions))
    .filter((name) => /^\d{4}$/.test(name))
    .sort()
    .reverse()) {
    for (const month of (await listNames(path.join(sessions, year)))
      .filter((name) => /^\d{2}$/.test(name))
      .sort()
      .reverse()) {
      for (const day of (await listNames(path.join(sessions, year, month)))
        .filter((name) => /^\d{2}$/.test(name))
        .sort()
        .reverse()) {
        days.push(`${year}/${month}/${day}`);
      }
    }
  }
  return days;
}

/** The creation time (ms) a version-7 UUID carries, or null for other versions. */
export function uuidV7Time(id: string): number | null {
  if (!isUuid(id) || id[14] !== "7") return null;
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

/** The parent thread a rollout was forked from (its session_meta line's forked_from_id), or null. */
async function forkedFrom(file: string): Promise<string | null> {
  const line = await readFirstLine(file);
  if (!line) return null;
  if (line.complete) {
    try {
      const parent = (JSON.parse(line.text) as { payload?: { forked_from_id?: unknown } }).payload?.forked_from_id;
      return typeof parent === "string" && isUuid(parent) ? parent.toLowerCase() : null;
    } catch {
      // Not JSON: fall through to the pattern, which also reads a cut line.
    }
  }
  const match = /"forked_from_id"\s*:\s*"([0-9a-fA-F-]{36})"/.exec(line.text);
  return match && isUuid(match[1]) ? match[1].toLowerCase() : null;
}
