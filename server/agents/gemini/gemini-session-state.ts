import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { isUuid } from "@/lib/ids";
import { headerSessionId } from "@/server/agents/gemini/locate-gemini-session";
import { isRegularFile, listFiles, listNames } from "@/server/agents/session-state-files";
import type { SessionStateSupport } from "@/server/agents/types";

// Gemini CLI's session state (issue 24), verified on 0.61.0 with the real CLI
// (test/integration/agents/session-state-move.test.ts):
// - A session is $GEMINI_CLI_HOME/.gemini/tmp/<project slug>/chats/
//   session-<start>-<first 8 of id>.jsonl (header line: the full id), plus
//   what the CLI itself deletes with it: chats/<id>/ (its subagents' chats),
//   tool-outputs/session-<id>/ and <id>/ in the same project folder.
// - `--resume <id>` only looks in the current cwd's project folder. Its slug
//   is registered in .gemini/projects.json: the cwd's base name, slugified
//   (lower case, runs of anything but [a-z0-9] → "-"), with "-1", "-2"…
//   only when another folder already owns that name. A folder holding
//   restored files but no `.project_root` owner marker is claimed by the
//   first cwd with that name, so restoreAs puts the files in the slug the
//   new cwd gets: Arbor's worktrees have unique base names (<issue>-<key>).
//   (The CLI's other way in, its migration of a legacy tmp/<sha256(cwd)>/
//   folder, only runs while the slug folder is empty, so it would silently
//   resume an older copy already there.) The header's projectHash (of the
//   old cwd) does not stop a resume.
// - When another project on the machine owns the slug, the new cwd gets
//   "<slug>-1" and the restored session is not found there: the runner
//   falls back to Arbor's transcript, as for any lost session.

export const geminiSessionState: SessionStateSupport = {
  root: (env) => path.join(env.GEMINI_CLI_HOME?.trim() || env.HOME?.trim() || os.homedir(), ".gemini"),
  find: findGeminiSession,
  restoreAs: (relativePath, session) => {
    // Only the session's own files in a project folder (never settings.json or anything else of the home).
    const match = /^tmp\/[^/]+\/((?:chats|tool-outputs|[0-9a-f-]{36})\/.+)$/.exec(relativePath);
    return match ? `tmp/${geminiProjectSlug(session.cwd)}/${match[1]}` : null;
  },
};

/** The slug Gemini CLI 0.61.0 gives a new project folder (ProjectRegistry.slugify of its base name). */
export function geminiProjectSlug(cwd: string): string {
  const slug = path
    .basename(path.resolve(cwd))
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
  return slug || "project";
}

async function findGeminiSession(root: string, session: { sessionId: string; cwd: string }): Promise<string[]> {
  if (!isUuid(session.sessionId)) return [];
  const sessionId = session.sessionId.toLowerCase();
  try {
    const chat = await locateChat(root, sessionId, session.cwd);
    if (!chat) return [];
    const project = chat.split("/").slice(0, 2).join("/");
    const extras = await Promise.all(
      [`chats/${sessionId}`, `tool-outputs/session-${sessionId}`, sessionId].map(async (sub) =>
        (await listFiles(path.join(root, project, sub))).map((file) => `${project}/${sub}/${file}`),
      ),
    );
    return [chat, ...extras.flat()];
  } catch {
    return [];
  }
}

/**
 * The session's chat as "tmp/<project>/chats/<file>": in the cwd's own
 * project folder when it is there, else the most recently written one (a
 * copy the CLI migrated may have left an older one behind). Within either,
 * the largest first: a Continue started in a later minute than the chat
 * leaves a header-only file of the same session beside it (locate-gemini-session.ts).
 */
async function locateChat(root: string, sessionId: string, cwd: string): Promise<string | null> {
  const tmp = path.join(root, "tmp");
  const own = await registeredSlug(root, cwd);
  const suffix = `-${sessionId.slice(0, 8)}.jsonl`;
  type Candidate = { relative: string; own: boolean; size: number; mtimeMs: number };
  const better = (a: Candidate, b: Candidate) => (a.own !== b.own ? a.own : a.size !== b.size ? a.size > b.size : a.mtimeMs > b.mtimeMs);
  let best: Candidate | null = null;
  for (const project of await listNames(tmp)) {
    for (const name of (await listNames(path.join(tmp, project, "chats"))).filter((file) => file.startsWith("session-") && file.endsWith(suffix))) {
      const file = path.join(tmp, project, "chats", name);
      if (!(await isRegularFile(file)) || (await headerSessionId(file))?.toLowerCase() !== sessionId) continue;
      const { size, mtimeMs } = await fs.stat(file);
      const candidate = { relative: `tmp/${project}/chats/${name}`, own: project === own, size, mtimeMs };
      if (!best || better(candidate, best)) best = candidate;
    }
  }
  return best?.relative ?? null;
}

/** The slug .gemini/projects.json gives `cwd`, or null. */
async function registeredSlug(root: string, cwd: string): Promise<string | null> {
  try {
    const registry = JSON.parse(await fs.readFile(path.join(root, "projects.json"), "utf8")) as { projects?: Record<string, unknown> };
    const slug = registry.projects?.[path.resolve(cwd)];
    return typeof slug === "string" ? slug : null;
  } catch {
    return null;
  }
}
