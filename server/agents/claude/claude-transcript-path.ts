import { isUuid } from "@/lib/ids";
import os from "node:os";
import path from "node:path";

// Where Claude Code keeps a session's transcript (verified on 2.1.330):
// $CLAUDE_CONFIG_DIR (default ~/.claude) /projects/<the cwd with every
// non-alphanumeric character replaced by "-">/<session id>.jsonl. A session
// resumed from another cwd stays where it was created (2.1.330 finds it from
// anywhere), and very long cwds are shortened by the CLI, so the transcript
// may also sit in another project directory: `searchRoot` says where to look.
// Pure: only the path is computed here; nothing is read.

export function claudeSessionTranscript(
  session: { sessionId: string; cwd: string },
  env: Readonly<Record<string, string | undefined>>,
): { path: string; searchRoot: string } | null {
  // Only ids Claude itself would use; anything else cannot name a file safely.
  if (!isUuid(session.sessionId)) return null;
  const projects = path.join(claudeConfigDir(env), "projects");
  return { path: path.join(projects, mangleClaudeCwd(session.cwd), `${session.sessionId}.jsonl`), searchRoot: projects };
}

/** $CLAUDE_CONFIG_DIR, else ~/.claude. */
export function claudeConfigDir(env: Readonly<Record<string, string | undefined>>): string {
  return env.CLAUDE_CONFIG_DIR?.trim() || path.join(env.HOME?.trim() || os.homedir(), ".claude");
}

/** The project directory name Claude files a cwd's sessions under. */
export function mangleClaudeCwd(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, "-");
}
