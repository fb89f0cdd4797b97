import fs from "node:fs/promises";
import path from "node:path";
import { isUuid } from "@/lib/ids";
import { claudeConfigDir, mangleClaudeCwd } from "@/server/agents/claude/claude-transcript-path";
import type { SessionStateSupport } from "@/server/agents/types";

// Claude Code's own state of a session (verified on 2.1.330), so it can move
// to another machine: under <config dir>/projects/ the transcript
// `<cwd mangled>/<id>.jsonl` and the directory `<cwd mangled>/<id>/` beside
// it (tool results and subagents' transcripts it refers to). The session may
// have been filed under another project directory (resumed from another cwd),
// so every project directory is looked at for the id. On restore the files go
// under the directory of the cwd the turn runs in here, where the CLI looks
// first, whatever the other machine's path was.

/** How deep the session's own directory is walked (Claude nests subagents one or two levels). */
const MAX_DEPTH = 4;
/** A session directory with more files than this is not a session directory. */
const MAX_FILES = 2_000;

export const claudeSessionState: SessionStateSupport = {
  root: (env) => path.join(claudeConfigDir(env), "projects"),
  async find(root, session) {
    if (!isUuid(session.sessionId)) return [];
    const dirs = await listDirs(root);
    // The session's cwd first: where it normally is.
    const own = mangleClaudeCwd(session.cwd);
    dirs.sort((a, b) => (a === own ? -1 : b === own ? 1 : 0));
    for (const dir of dirs) {
      const transcript = `${dir}/${session.sessionId}.jsonl`;
      if (!(await isFile(path.join(root, transcript)))) continue;
      const extra: string[] = [];
      // Its own directory, unless it is a symlink (never followed out of the config home).
      if (await isRealDirectory(path.join(root, dir, session.sessionId))) await walk(root, `${dir}/${session.sessionId}`, MAX_DEPTH, extra);
      return [transcript, ...extra.sort()];
    }
    return [];
  },
  restoreAs(relativePath, session) {
    // Only `<project dir>/<id>.jsonl` and what is under `<project dir>/<id>/`.
    const [, own, ...rest] = relativePath.split("/");
    const ofSession = own === `${session.sessionId}.jsonl` ? rest.length === 0 : own === session.sessionId && rest.length > 0;
    return isUuid(session.sessionId) && ofSession ? [mangleClaudeCwd(session.cwd), own, ...rest].join("/") : null;
  },
};

async function listDirs(root: string): Promise<string[]> {
  try {
    return (await fs.readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
}

async function isRealDirectory(dir: string): Promise<boolean> {
  try {
    return (await fs.lstat(dir)).isDirectory();
  } catch {
    return false;
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.lstat(file)).isFile();
  } catch {
    return false;
  }
}

/** Regular files only (a symlink is never followed out of the config home). */
async function walk(root: string, relative: string, depth: number, out: string[]): Promise<void> {
  if (depth < 0 || out.length >= MAX_FILES) return;
  let entries: import("node:fs").Dirent[];
  try {
    entries = await fs.readdir(path.join(root, relative), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const child = `${relative}/${entry.name}`;
    if (entry.isFile()) out.push(child);
    else if (entry.isDirectory()) await walk(root, child, depth - 1, out);
    if (out.length >= MAX_FILES) return;
  }
}
